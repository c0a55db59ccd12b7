import RxCore
import RxDisposables
import RxOperators

/// `map_filter_pumping`: elements pushed through six `map` + `filter` pairs into a summing sink.
package enum MapFilterPumping {
    package static let pairs = 6

    static func rx(elements: Int) -> Int {
        let step = Workload.step
        let sentinel = Workload.sentinel
        let total = Accumulator()
        let source = Observable<Int>.create { observer in
            for element in 0..<elements {
                observer.onNext(element)
            }
            observer.onCompleted()
            return Disposables.create()
        }
        let subscription =
            source
            .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            .subscribe(onNext: { total.sum &+= $0 })
        subscription.dispose()
        return total.sum
    }

    /// Twelve escaping closures, each calling the next: what any push-based chain must at least do.
    static func floor(elements: Int) -> Int {
        let total = Accumulator()
        let head = closureChain(pairs: pairs, into: { total.sum &+= $0 })
        for element in 0..<elements {
            head(element)
        }
        return total.sum
    }

    static func closureChain(pairs: Int, into sink: @escaping (Int) -> Void) -> (Int) -> Void {
        let step = Workload.step
        let sentinel = Workload.sentinel
        var downstream = opaque(sink)
        for _ in 0..<pairs {
            let afterFilter = downstream
            let filter: (Int) -> Void = opaque { if $0 != sentinel { afterFilter($0) } }
            downstream = opaque { filter($0 &+ step) }
        }
        return downstream
    }

    static func expected(elements: Int) -> Int {
        shiftedSum(count: elements, offset: pairs)
    }
}
