import RxCore
import RxDisposables
import RxTestSupport
import XCTest

final class SubscribeTests: RxTestCase {
    func testCompletionOrderIsOnCompletedThenOnDisposedThenUpstreamRelease() {
        let log = CallLog()
        let source = TestProducer<Int>(log: log) { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            observer.onNext(3)
        }
        let subscription = source.subscribe(
            onNext: { log.append("next(\($0))") },
            onError: { log.append("error(\($0))") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })

        XCTAssertEqual(log.entries, ["next(1)", "next(2)", "completed", "disposed", "upstream released"])
        subscription.dispose()
        XCTAssertEqual(log.entries.count, 5, "disposing after completion calls nothing again")
    }

    func testErrorOrderIsOnErrorThenOnDisposedThenUpstreamRelease() {
        let log = CallLog()
        let source = TestProducer<Int>(log: log) { observer in
            observer.onNext(1)
            observer.onError(NumberedError(id: 1))
            observer.onCompleted()
        }
        let subscription = source.subscribe(
            onNext: { log.append("next(\($0))") },
            onError: { log.append("error(\($0))") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })

        XCTAssertEqual(log.entries, ["next(1)", "error(NumberedError(1))", "disposed", "upstream released"])
        subscription.dispose()
    }

    func testExplicitDisposeReleasesUpstreamThenCallsOnlyOnDisposed() {
        let log = CallLog()
        let slot = ObserverSlot<Int>()
        let source = TestProducer<Int>(log: log) { slot.observer = $0 }
        let subscription = source.subscribe(
            onNext: { log.append("next(\($0))") },
            onError: { log.append("error(\($0))") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })

        slot.observer?.onNext(1)
        subscription.dispose()
        slot.observer?.onNext(2)
        slot.observer?.onCompleted()
        subscription.dispose()
        slot.observer = nil

        XCTAssertEqual(log.entries, ["next(1)", "upstream released", "disposed"])
    }

    func testEventClosureReceivesEveryEventOnceAndNothingAfterTheTerminal() {
        let log = CallLog()
        let source = TestProducer<Int>(log: log) { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
        }
        let subscription = source.subscribe { log.append($0.description) }

        XCTAssertEqual(log.entries, ["next(1)", "completed", "upstream released"])
        subscription.dispose()
    }

    func testSubscribeWithNoClosuresStillRunsAndReleases() {
        let log = CallLog()
        let source = TestProducer<Int>(log: log) { observer in
            observer.onNext(1)
            observer.onCompleted()
        }
        source.subscribe().dispose()

        XCTAssertEqual(log.entries, ["upstream released"])
    }

    func testRxObservableIsAnotherNameForObservable() {
        let source: RxObservable<Int> = TestProducer<Int> { $0.onNext(1) }
        let received = CallLog()

        source.subscribe(onNext: { received.append("\($0)") }).dispose()

        XCTAssertTrue(RxObservable<Int>.self == Observable<Int>.self)
        XCTAssertEqual(received.entries, ["1"])
    }

    func testAnUnhandledErrorGoesToTheDefaultErrorHandler() {
        let saved = Hooks.defaultErrorHandler
        defer { Hooks.defaultErrorHandler = saved }
        let received = CallLog()
        Hooks.defaultErrorHandler = { callStack, error in received.append("\(callStack) \(error)") }

        let source = TestProducer<Int> { $0.onError(NumberedError(id: 9)) }
        let subscription = source.subscribe(onNext: { _ in })

        XCTAssertEqual(received.entries, ["[] NumberedError(9)"])
        subscription.dispose()
    }

    func testAHandledErrorDoesNotReachTheDefaultErrorHandler() {
        let saved = Hooks.defaultErrorHandler
        defer { Hooks.defaultErrorHandler = saved }
        let received = CallLog()
        Hooks.defaultErrorHandler = { _, error in received.append("\(error)") }

        let source = TestProducer<Int> { $0.onError(NumberedError(id: 9)) }
        let handled = CallLog()
        source.subscribe(onError: { handled.append("\($0)") }).dispose()

        XCTAssertEqual(handled.entries, ["NumberedError(9)"])
        XCTAssertEqual(received.entries, [])
    }

    func testSubscribeWithObjectPassesTheObjectToEveryClosure() {
        final class Owner {
            var seen: [String] = []
        }
        let owner = Owner()
        let source = TestProducer<Int> { observer in
            observer.onNext(1)
            observer.onCompleted()
        }
        source.subscribe(
            with: owner,
            onNext: { $0.seen.append("next(\($1))") },
            onError: { $0.seen.append("error(\($1))") },
            onCompleted: { $0.seen.append("completed") },
            onDisposed: { $0.seen.append("disposed") }
        ).dispose()

        XCTAssertEqual(owner.seen, ["next(1)", "completed", "disposed"])
    }

    func testSubscribeWithObjectPassesErrorsToOnError() {
        final class Owner {
            var seen: [String] = []
        }
        let owner = Owner()
        let source = TestProducer<Int> { $0.onError(NumberedError(id: 2)) }
        source.subscribe(with: owner, onError: { $0.seen.append("error(\($1))") }).dispose()

        XCTAssertEqual(owner.seen, ["error(NumberedError(2))"])
    }

    func testSubscribeWithObjectHoldsItWeaklyAndStopsCallingOnceItIsGone() {
        final class Owner {
            let log: CallLog

            init(log: CallLog) {
                self.log = log
            }
        }
        let log = CallLog()
        let slot = ObserverSlot<Int>()
        let source = TestProducer<Int>(log: log) { slot.observer = $0 }
        var owner: Owner? = Owner(log: log)
        weak let weakOwner = owner
        let subscription = source.subscribe(
            with: owner!,
            onNext: { owner, value in owner.log.append("next(\(value))") },
            onCompleted: { owner in owner.log.append("completed") },
            onDisposed: { owner in owner.log.append("disposed") })

        slot.observer?.onNext(1)
        owner = nil
        XCTAssertNil(weakOwner, "the subscription does not keep the object alive")
        slot.observer?.onNext(2)
        slot.observer?.onCompleted()
        slot.observer = nil
        subscription.dispose()

        XCTAssertEqual(log.entries, ["next(1)", "upstream released"])
    }

    func testSubscribeWithObjectSwallowsErrorsWithoutOnError() {
        let saved = Hooks.defaultErrorHandler
        defer { Hooks.defaultErrorHandler = saved }
        let received = CallLog()
        Hooks.defaultErrorHandler = { _, error in received.append("\(error)") }

        let owner = Token()
        TestProducer<Int> { $0.onError(NumberedError(id: 3)) }.subscribe(with: owner).dispose()

        XCTAssertEqual(received.entries, [], "as in RxSwift, subscribe(with:) counts every error as handled")
    }

    func testDisposingTwiceFromManyThreadsReleasesAProducersUpstreamOnce() {
        // Without `onDisposed`, a producer's own subscription is what `subscribe` returns.
        let log = CallLog()
        let subscription = UncheckedSendable(TestProducer<Int>(log: log) { _ in }.subscribe(onNext: { _ in }))
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            subscription.value.dispose()
        }
        subscription.value.dispose()

        XCTAssertEqual(log.entries, ["upstream released"])
    }

    func testDisposingTwiceDisposesACustomObservablesSubscriptionOnce() {
        // A subscription from a subclass of `Observable` may not guard against a second
        // `dispose()`; the disposable `subscribe` returns must.
        let disposals = CallLog()
        let subscription = CountingDisposalObservable(log: disposals).subscribe(onNext: { _ in })
        subscription.dispose()
        subscription.dispose()

        XCTAssertEqual(disposals.entries, ["disposed"])
    }
}

/// An observable subclassed directly, whose subscriptions log every `dispose()`, the second too.
private final class CountingDisposalObservable: Observable<Int> {
    private let log: CallLog

    init(log: CallLog) {
        self.log = log
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Int {
        LoggingDisposable(log: log)
    }
}

/// Logs each `dispose()`, with no guard against a second one.
private struct LoggingDisposable: Disposable {
    let log: CallLog

    func dispose() {
        log.append("disposed")
    }
}
