import RxCore
import RxDisposables
import RxOperators

/// A chain of `depth` operators that do not fold into each other (`do(onNext:)`), subscribed
/// and sent one element: each operator is one more frame on the stack while subscribing and
/// while delivering, so a deep enough chain overflows the thread's stack.
public enum DeepChain {
    /// Builds, runs and disposes the chain; returns the element that came out.
    ///
    /// With `breakEvery`, every that many operators the chain passes through an observer of
    /// erased type (`AnyObserver`, as a subject or `create` gives): each sink is generic over
    /// the sink below it, so the sink types nest as deep as the chain, and the runtime
    /// builds their metadata recursively; an erased observer starts the nesting again.
    public static func run(depth: Int, breakEvery: Int? = nil) -> Int {
        var chain = Observable.just(1)
        for level in 0..<depth {
            chain = chain.do(onNext: { _ in })
            if let breakEvery, (level + 1) % breakEvery == 0 {
                let upstream = chain
                chain = Observable.create { observer in upstream.subscribe(observer) }
            }
        }
        var received = 0
        let subscription = chain.subscribe(onNext: { received = $0 })
        subscription.dispose()
        return received
    }
}
