import RxCore
import RxDisposables
import RxOperators

/// `scan_per_element`: elements through one `scan` that keeps a running sum, into a sink that
/// keeps the last total, per element.
package enum ScanPerElement {
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
        let subscription = source.scan(0) { (sum: Int, value: Int) -> Int in sum &+ value &+ step }
            .subscribe(onNext: { total.sum = $0 })
        subscription.dispose()
        return total.sum
    }

    static func floor(elements: Int) -> Int {
        let step = Workload.step
        let total = Accumulator()
        var running = 0
        let sink: (Int) -> Void = opaque { total.sum = $0 }
        let scan: (Int) -> Void = opaque { value in
            running = running &+ value &+ step
            sink(running)
        }
        for element in 0..<elements {
            scan(element)
        }
        return total.sum
    }

    static func expected(elements: Int) -> Int {
        shiftedSum(count: elements, offset: 1)
    }
}
