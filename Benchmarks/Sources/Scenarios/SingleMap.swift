import OpenCombine
import RxCore
import RxDisposables
import RxOperators

/// `single_map`: elements through one `map` into a summing sink, per element.
enum SingleMap {
    static func rx(elements: Int) -> Int {
        let transform = Workload.transform
        let total = Accumulator()
        let source = Observable<Int>.create { observer in
            for element in 0..<elements {
                observer.onNext(element)
            }
            observer.onCompleted()
            return Disposables.create()
        }
        let subscription = source.map(transform).subscribe(onNext: { total.sum &+= $0 })
        subscription.dispose()
        return total.sum
    }

    static func openCombine(elements: Int) -> Int {
        let transform = Workload.transform
        let total = Accumulator()
        let subject = PassthroughSubject<Int, Never>()
        let subscription = subject.map(transform).sink { total.sum &+= $0 }
        for element in 0..<elements {
            subject.send(element)
        }
        subject.send(completion: .finished)
        subscription.cancel()
        return total.sum
    }

    static func floor(elements: Int) -> Int {
        let transform = Workload.transform
        let total = Accumulator()
        let sink: (Int) -> Void = opaque { total.sum &+= $0 }
        let map: (Int) -> Void = opaque { sink(transform($0)) }
        for element in 0..<elements {
            map(element)
        }
        return total.sum
    }

    static func expected(elements: Int) -> Int {
        shiftedSum(count: elements, offset: 1)
    }
}
