import OpenCombine
import Scenarios

extension Subjects {
    static func publishFanoutOpenCombine(deliveries: Int) -> Int {
        let total = Accumulator()
        let subject = PassthroughSubject<Int, Never>()
        var cancellables: [AnyCancellable] = []
        for _ in 0..<observers {
            cancellables.append(subject.sink { total.sum &+= $0 })
        }
        for element in 0..<deliveries / observers {
            subject.send(element)
        }
        cancellables.removeAll()
        return total.sum
    }

    static func behaviorSubscribeOpenCombine(subscriptions: Int) -> Int {
        let total = Accumulator()
        let subject = CurrentValueSubject<Int, Never>(1)
        for _ in 0..<subscriptions {
            subject.sink { total.sum &+= $0 }.cancel()
        }
        return total.sum
    }

    static func shareOpenCombine(deliveries: Int) -> Int {
        let total = Accumulator()
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.map { $0 &+ 1 }.share()
        var cancellables: [AnyCancellable] = []
        for _ in 0..<observers {
            cancellables.append(shared.sink { total.sum &+= $0 })
        }
        for element in 0..<deliveries / observers {
            subject.send(element)
        }
        cancellables.removeAll()
        return total.sum
    }
}
