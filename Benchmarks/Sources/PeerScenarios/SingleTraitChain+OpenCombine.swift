import OpenCombine
import Scenarios

extension SingleTraitChain {
    /// `Just(1)` erased, so that it does not fold `map` into itself, then `map` and `sink`: the
    /// shared harness's peer for the trait chain.
    static func openCombine(subscriptions: Int) -> Int {
        let step = Workload.step
        let total = Accumulator()
        for _ in 0..<subscriptions {
            _ = Just(1).eraseToAnyPublisher().map { (value: Int) -> Int in value &+ step }.sink { total.sum &+= $0 }
        }
        return total.sum
    }
}
