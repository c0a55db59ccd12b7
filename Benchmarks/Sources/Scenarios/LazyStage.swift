/// The least a lazily evaluated observable can be: one object per operator, holding its upstream
/// and its closure, and nothing else.
///
/// Under RxSwift's rules `map` and `filter` run their closures for each subscriber, when an
/// element arrives, and every intermediate sequence can be subscribed on its own. So every call
/// returns an object that keeps its closure, whatever else a design does. This type is that
/// object with no machinery at all: no sinks, no disposers, no trampoline, no thread safety and
/// no type erasure. `MapFilterCreating.lazyMinimum(chains:)` builds the benchmark's chain from
/// it to show what the `map_filter_creating` target leaves for everything else.
final class LazyStage {
    enum Operation {
        case just(Int)
        case map((Int) -> Int)
        case filter((Int) -> Bool)
    }

    private let upstream: LazyStage?
    private let operation: Operation

    private init(upstream: LazyStage?, operation: Operation) {
        self.upstream = upstream
        self.operation = operation
    }

    static func just(_ value: Int) -> LazyStage {
        LazyStage(upstream: nil, operation: .just(value))
    }

    func map(_ transform: @escaping (Int) -> Int) -> LazyStage {
        LazyStage(upstream: self, operation: .map(transform))
    }

    func filter(_ predicate: @escaping (Int) -> Bool) -> LazyStage {
        LazyStage(upstream: self, operation: .filter(predicate))
    }

    /// Runs the chain once, from its source down to this stage, and hands what comes out (if a
    /// predicate let it through) to `subscription`, which then finishes.
    func subscribe(_ subscription: LazySubscription) {
        if let value = evaluate() {
            subscription.onNext(value)
        }
        subscription.finish()
    }

    /// The element this stage passes on, or `nil` when a predicate on the way rejected it.
    private func evaluate() -> Int? {
        switch operation {
        case .just(let value):
            return value
        case .map(let transform):
            return upstream?.evaluate().map(transform)
        case .filter(let predicate):
            guard let value = upstream?.evaluate(), predicate(value) else { return nil }
            return value
        }
    }
}
