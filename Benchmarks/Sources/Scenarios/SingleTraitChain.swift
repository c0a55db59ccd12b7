import RxCore
import RxDisposables
import RxOperators

/// `single_just_map_subscribe`: making `Single.just(1).map { $0 + step }`, subscribing to it with
/// `subscribe(onSuccess:)` and letting it finish, per subscription: request-shaped code written
/// with traits.
package enum SingleTraitChain {
    static func rx(subscriptions: Int) -> Int {
        let step = Workload.step
        let total = Accumulator()
        for _ in 0..<subscriptions {
            _ = Single.just(1).map { (value: Int) -> Int in value &+ step }.subscribe(onSuccess: { total.sum &+= $0 })
        }
        return total.sum
    }

    /// The floor: per subscription, one closure made (it captures the step and the sink, as the
    /// `map` stage keeps its closure) and called once with the element.
    static func floor(subscriptions: Int) -> Int {
        let step = Workload.step
        let total = Accumulator()
        let sink: (Int) -> Void = opaque { total.sum &+= $0 }
        for _ in 0..<subscriptions {
            let map: (Int) -> Void = opaque { sink($0 &+ step) }
            map(1)
        }
        return total.sum
    }

    static func expected(subscriptions: Int) -> Int {
        subscriptions * 2
    }
}
