import RxCore
import RxDisposables
import RxOperators

/// The everyday operators, each beside OpenCombine's nearest operator and a closure floor.
package enum Everyday {
    /// `distinct_until_changed`: elements from `create`, every value sent twice in a row, through
    /// `distinctUntilChanged()` into a summing sink, per element sent.
    static func distinctRx(elements: Int) -> Int {
        let total = Accumulator()
        let source = Observable<Int>.create { observer in
            for element in 0..<elements {
                observer.onNext(element / 2)
            }
            observer.onCompleted()
            return Disposables.create()
        }
        let subscription = source.distinctUntilChanged().subscribe(onNext: { total.sum &+= $0 })
        subscription.dispose()
        return total.sum
    }

    static func distinctFloor(elements: Int) -> Int {
        let total = Accumulator()
        var last: Int?
        let sink: (Int) -> Void = opaque { total.sum &+= $0 }
        let distinct: (Int) -> Void = opaque { value in
            if let last, last == value { return }
            last = value
            sink(value)
        }
        for element in 0..<elements {
            distinct(element / 2)
        }
        return total.sum
    }

    static func distinctExpected(elements: Int) -> Int {
        let distinctValues = (elements + 1) / 2
        return distinctValues * (distinctValues - 1) / 2
    }

    /// `reduce_per_element`: `from` an array of `elements` integers through `reduce(0, +)`, per
    /// element. OpenCombine's side erases the publisher, since its `Sequence` publisher folds
    /// `reduce` into `Sequence.reduce` without any subscription.
    static func reduceRx(elements: Int) -> Int {
        let total = Accumulator()
        let subscription = Observable.from(Array(0..<elements)).reduce(0, accumulator: &+)
            .subscribe(onNext: { total.sum = $0 })
        subscription.dispose()
        return total.sum
    }

    static func reduceFloor(elements: Int) -> Int {
        let total = Accumulator()
        var running = 0
        let fold: (Int) -> Void = opaque { running = running &+ $0 }
        for element in Array(0..<elements) {
            fold(element)
        }
        total.sum = running
        return total.sum
    }

    static func reduceExpected(elements: Int) -> Int {
        elements * (elements - 1) / 2
    }

    /// `enumerated_per_element`: elements from `create` through `enumerated()` into a sink that
    /// sums index and element, per element. OpenCombine has no `enumerated`; its side counts in
    /// a `map` closure, the usual stand-in.
    static func enumeratedRx(elements: Int) -> Int {
        let total = Accumulator()
        let source = Observable<Int>.create { observer in
            for element in 0..<elements {
                observer.onNext(element)
            }
            observer.onCompleted()
            return Disposables.create()
        }
        let subscription = source.enumerated().subscribe(onNext: { total.sum &+= $0.index &+ $0.element })
        subscription.dispose()
        return total.sum
    }

    static func enumeratedExpected(elements: Int) -> Int {
        elements * (elements - 1)
    }

    /// `skip_while_per_element`: elements from `create` through `skip(while:)`, which drops the
    /// first half, into a summing sink, per element sent.
    static func skipWhileRx(elements: Int) -> Int {
        let total = Accumulator()
        let half = elements / 2
        let source = Observable<Int>.create { observer in
            for element in 0..<elements {
                observer.onNext(element)
            }
            observer.onCompleted()
            return Disposables.create()
        }
        let subscription = source.skip(while: { $0 < half }).subscribe(onNext: { total.sum &+= $0 })
        subscription.dispose()
        return total.sum
    }

    static func skipWhileExpected(elements: Int) -> Int {
        let half = elements / 2
        return elements * (elements - 1) / 2 - half * (half - 1) / 2
    }

    /// `retry_per_subscription`: a `deferred` source that fails on its first two subscriptions
    /// and sends one element on the third, through `retry(3)`, per subscription to the result.
    /// OpenCombine's side is `Deferred` with `retry(2)`: three attempts each.
    static func retryRx(subscriptions: Int) -> Int {
        let total = Accumulator()
        for _ in 0..<subscriptions {
            var failures = 0
            let subscription = Observable<Int>.deferred {
                failures += 1
                return failures <= 2 ? .error(BenchmarkFailure()) : .just(1)
            }
            .retry(3)
            .subscribe(onNext: { total.sum &+= $0 })
            subscription.dispose()
        }
        return total.sum
    }

    /// The floor: the same retry written with closures. Per subscription, a fresh `deferred`-like
    /// factory (it counts its calls in a captured variable) is called once per attempt and
    /// builds a fresh attempt each time: one holding its error (made anew, an `any Error`) for
    /// the first two, one holding its element for the third, as `.error` and `.just` hold
    /// theirs. A loop of at most three attempts runs them until one sends its element instead of
    /// failing. Nothing is disposed: the attempts run synchronously and hold nothing afterwards.
    static func retryFloor(subscriptions: Int) -> Int {
        let total = Accumulator()
        let sink: (Int) -> Void = opaque { total.sum &+= $0 }
        for _ in 0..<subscriptions {
            var failures = 0
            let source = opaqueSource { () -> RetryAttempt in
                failures += 1
                if failures <= 2 {
                    let error: any Error = BenchmarkFailure()
                    return { _, onError in onError(error) }
                }
                let element = Workload.step
                return { onNext, _ in onNext(element) }
            }
            retry(attempts: 3, source, onNext: sink)
        }
        return total.sum
    }

    /// The retry loop of `retryFloor`: up to `attempts` attempts, each built afresh by
    /// `source`, until one does not fail.
    @inline(never)
    private static func retry(attempts: Int, _ source: () -> RetryAttempt, onNext: (Int) -> Void) {
        for _ in 0..<attempts {
            var failed = false
            source()(onNext) { _ in failed = true }
            if !failed { return }
        }
    }

    static func retryExpected(subscriptions: Int) -> Int {
        subscriptions
    }
}

/// The error the failing sides of `retry_per_subscription` send.
package struct BenchmarkFailure: Error {
    package init() {}
}

/// One attempt of `retry_per_subscription`'s floor: sends its element to the first closure or
/// its error to the second.
private typealias RetryAttempt = (_ onNext: (Int) -> Void, _ onError: (any Error) -> Void) -> Void

// As `opaque(_:)` in Workload.swift, for the floor's attempt factory: it escapes, as `deferred`'s
// closure does, and its calls stay calls.
@inline(never)
private func opaqueSource(_ source: @escaping () -> RetryAttempt) -> () -> RetryAttempt {
    source
}
