import OpenCombine
import Scenarios

extension Everyday {
    static func distinctOpenCombine(elements: Int) -> Int {
        let total = Accumulator()
        let subject = PassthroughSubject<Int, Never>()
        let subscription = subject.removeDuplicates().sink { total.sum &+= $0 }
        for element in 0..<elements {
            subject.send(element / 2)
        }
        subject.send(completion: .finished)
        subscription.cancel()
        return total.sum
    }

    static func reduceOpenCombine(elements: Int) -> Int {
        let total = Accumulator()
        let subscription = Array(0..<elements).publisher.eraseToAnyPublisher().reduce(0, &+)
            .sink { total.sum = $0 }
        subscription.cancel()
        return total.sum
    }

    static func enumeratedOpenCombine(elements: Int) -> Int {
        let total = Accumulator()
        let subject = PassthroughSubject<Int, Never>()
        var index = 0
        let subscription = subject.map { element -> (index: Int, element: Int) in
            defer { index += 1 }
            return (index, element)
        }
        .sink { total.sum &+= $0.index &+ $0.element }
        for element in 0..<elements {
            subject.send(element)
        }
        subject.send(completion: .finished)
        subscription.cancel()
        return total.sum
    }

    static func skipWhileOpenCombine(elements: Int) -> Int {
        let total = Accumulator()
        let half = elements / 2
        let subject = PassthroughSubject<Int, Never>()
        let subscription = subject.drop(while: { $0 < half }).sink { total.sum &+= $0 }
        for element in 0..<elements {
            subject.send(element)
        }
        subject.send(completion: .finished)
        subscription.cancel()
        return total.sum
    }

    static func retryOpenCombine(subscriptions: Int) -> Int {
        let total = Accumulator()
        for _ in 0..<subscriptions {
            var failures = 0
            let subscription = Deferred { () -> AnyPublisher<Int, BenchmarkFailure> in
                failures += 1
                return failures <= 2
                    ? Fail(error: BenchmarkFailure()).eraseToAnyPublisher()
                    : Just(1).setFailureType(to: BenchmarkFailure.self).eraseToAnyPublisher()
            }
            .retry(2)
            .sink(receiveCompletion: { _ in }, receiveValue: { total.sum &+= $0 })
            subscription.cancel()
        }
        return total.sum
    }
}
