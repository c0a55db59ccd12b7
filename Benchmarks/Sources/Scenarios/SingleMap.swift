import RxCore
import RxDisposables
import RxOperators

/// `single_map`: elements through one `map` into a summing sink, per element.
package enum SingleMap {
    static func rx(elements: Int) -> Int {
        let step = Workload.step
        let total = Accumulator()
        let source = Observable<Int>.create { observer in
            for element in 0..<elements {
                observer.onNext(element)
            }
            observer.onCompleted()
            return Disposables.create()
        }
        let subscription = source.map { (value: Int) -> Int in value &+ step }.subscribe(onNext: { total.sum &+= $0 })
        subscription.dispose()
        return total.sum
    }

    static func floor(elements: Int) -> Int {
        let step = Workload.step
        let total = Accumulator()
        let sink: (Int) -> Void = opaque { total.sum &+= $0 }
        let map: (Int) -> Void = opaque { sink($0 &+ step) }
        for element in 0..<elements {
            map(element)
        }
        return total.sum
    }

    static func expected(elements: Int) -> Int {
        shiftedSum(count: elements, offset: 1)
    }
}
