import OpenCombine
import RxCore
import RxDisposables
import RxOperators

/// `map_filter_creating`: building the twelve-operator chain, subscribing it (one element) and
/// disposing it, per chain.
enum MapFilterCreating {
    /// `create` sends one element and completes, as `Just` does on the peer's side.
    static func rx(chains: Int) -> Int {
        let transform = Workload.transform
        let keep = Workload.keep
        let total = Accumulator()
        for _ in 0..<chains {
            let subscription = Observable<Int>
                .create { observer in
                    observer.onNext(1)
                    observer.onCompleted()
                    return Disposables.create()
                }
                .map(transform).filter(keep)
                .map(transform).filter(keep)
                .map(transform).filter(keep)
                .map(transform).filter(keep)
                .map(transform).filter(keep)
                .map(transform).filter(keep)
                .subscribe(onNext: { total.sum &+= $0 })
            subscription.dispose()
        }
        return total.sum
    }

    static func openCombine(chains: Int) -> Int {
        let transform = Workload.transform
        let keep = Workload.keep
        let total = Accumulator()
        for _ in 0..<chains {
            let subscription = Just(1)
                .map(transform).filter(keep)
                .map(transform).filter(keep)
                .map(transform).filter(keep)
                .map(transform).filter(keep)
                .map(transform).filter(keep)
                .map(transform).filter(keep)
                .sink { total.sum &+= $0 }
            subscription.cancel()
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
