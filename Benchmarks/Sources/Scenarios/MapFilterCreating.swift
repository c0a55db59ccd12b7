import RxCore
import RxDisposables
import RxOperators

/// `map_filter_creating`: building the twelve-operator chain, subscribing it (one element) and
/// disposing it, per chain.
package enum MapFilterCreating {
    /// `create` sends one element and completes, as `Just` does on the peer's side.
    static func rx(chains: Int) -> Int {
        let step = Workload.step
        let sentinel = Workload.sentinel
        let total = Accumulator()
        for _ in 0..<chains {
            let subscription = Observable<Int>
                .create { observer in
                    observer.onNext(1)
                    observer.onCompleted()
                    return Disposables.create()
                }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .subscribe(onNext: { total.sum &+= $0 })
            subscription.dispose()
        }
        return total.sum
    }

    /// The `rx` side's chain built and released, never subscribed: what the thirteen objects the
    /// operators return cost before any subscription. RxSwift's rule that every operator returns
    /// a sequence of its own that keeps its closure puts this much under any design; set against
    /// the floor, it bounds what `map_filter_creating_vs_floor` can reach. Its checksum counts
    /// the chains built (each as the `1 + pairs` the subscribed chain would add), so that
    /// `verify` checks that every chain was built.
    static func rxBuildOnly(chains: Int) -> Int {
        let step = Workload.step
        let sentinel = Workload.sentinel
        var built = 0
        for _ in 0..<chains {
            let chain = Observable<Int>
                .create { observer in
                    observer.onNext(1)
                    observer.onCompleted()
                    return Disposables.create()
                }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            built &+= opaqueBuilt(chain)
        }
        return built
    }

    /// The same chain on `LazyStage`, the least any design can build and subscribe while
    /// keeping RxSwift's rule that `map` and `filter` run their closures per subscriber: one
    /// object per operator and one per subscription, with no other machinery. Not a peer but a
    /// bound: a library that returns a new sequence from each operator, as this one does, cannot
    /// take less time. Benchmarks/RESULTS.md (round 1, section 4) names the one way around it and why this
    /// library does not take it.
    static func lazyMinimum(chains: Int) -> Int {
        let step = Workload.step
        let sentinel = Workload.sentinel
        let total = Accumulator()
        for _ in 0..<chains {
            let chain = LazyStage.just(1)
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            chain.subscribe(LazySubscription(onNext: { total.sum &+= $0 }))
        }
        return total.sum
    }

    static func floor(chains: Int) -> Int {
        let total = Accumulator()
        for _ in 0..<chains {
            let head = MapFilterPumping.closureChain(pairs: MapFilterPumping.pairs, into: { total.sum &+= $0 })
            head(1)
        }
        return total.sum
    }

    static func expected(chains: Int) -> Int {
        chains * (1 + MapFilterPumping.pairs)
    }
}

// Keeps the built chain alive until here and out of the optimiser's reach, and counts it.
@inline(never)
private func opaqueBuilt(_ chain: Observable<Int>) -> Int {
    withExtendedLifetime(chain) { 1 + MapFilterPumping.pairs }
}
