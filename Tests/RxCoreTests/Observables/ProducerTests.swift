import RxCore
import RxDisposables
import RxTestSupport
import XCTest

final class ProducerTests: RxTestCase {
    func testSynchronousCompletionReleasesEverythingBeforeSubscribeReturns() {
        let log = CallLog()
        let source = TestProducer<Int>(log: log) { observer in
            observer.onNext(1)
            observer.onCompleted()
        }
        let baseline = Resources.total

        let subscription = source.subscribe(AnonymousObserver { log.append($0.description) })

        XCTAssertEqual(log.entries, ["next(1)", "completed", "upstream released"])
        XCTAssertEqual(Resources.total, baseline, "sink and observer are gone while the subscription is still held")
        XCTAssertEqual((subscription as? any Cancelable)?.isDisposed, true)
        subscription.dispose()
        XCTAssertEqual(log.entries.count, 3)
    }

    func testDisposingTheSubscriptionReleasesSinkObserverAndUpstream() {
        let log = CallLog()
        let slot = ObserverSlot<Int>()
        let source = TestProducer<Int>(log: log) { slot.observer = $0 }
        let baseline = Resources.total
        var token: Token? = Token()
        weak let weakToken = token

        let subscription = source.subscribe(
            AnonymousObserver { [token] event in
                _ = token
                log.append(event.description)
            })
        token = nil
        slot.observer = nil
        XCTAssertEqual(Resources.total, baseline + 2, "the sink and the observer are alive")
        XCTAssertNotNil(weakToken)

        subscription.dispose()
        XCTAssertEqual(log.entries, ["upstream released"])
        XCTAssertEqual(Resources.total, baseline)
        XCTAssertNil(weakToken, "the observer's closure is released with it")
    }

    func testSinkDropsEventsAfterItIsDisposed() {
        let log = CallLog()
        let slot = ObserverSlot<Int>()
        let source = TestProducer<Int>(log: log) { slot.observer = $0 }
        let subscription = source.subscribe(AnyObserver<Int> { log.append($0.description) })

        slot.observer?.onNext(1)
        subscription.dispose()
        slot.observer?.onNext(2)
        slot.observer?.onCompleted()
        slot.observer = nil

        XCTAssertEqual(log.entries, ["next(1)", "upstream released"])
    }

    func testRunScheduledWorkRunsBeforeSubscribeReturnsButAfterRun() {
        let log = CallLog()
        let source = TestProducer<Int> { observer in
            log.append("run started")
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("scheduled work")
                observer.onCompleted()
                return Disposables.create()
            }
            log.append("run finished")
        }
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)

        let subscription = source.subscribe { log.append($0.description) }
        log.append("subscribe returned")

        XCTAssertEqual(
            log.entries, ["run started", "run finished", "scheduled work", "completed", "subscribe returned"])
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired, "the trampoline is gone once subscribe returns")
        subscription.dispose()
    }

    func testSubscribingInsideARunningTrampolineRunsAtOnce() {
        let log = CallLog()
        let inner = TestProducer<Int> { _ in log.append("inner run") }
        var innerSubscription: (any Disposable)?
        let outer = TestProducer<Int> { _ in
            log.append("outer run started")
            XCTAssertFalse(CurrentThreadScheduler.isScheduleRequired)
            innerSubscription = inner.subscribe { _ in }
            log.append("outer run finished")
        }

        let subscription = outer.subscribe { _ in }

        XCTAssertEqual(log.entries, ["outer run started", "inner run", "outer run finished"])
        subscription.dispose()
        innerSubscription?.dispose()
    }

    func testSinkDisposeDisposesItsCancelAndIsRemembered() {
        let cancel = SinkDisposer()
        let log = CallLog()
        let sink = TestSink(observer: AnyObserver<Int> { log.append($0.description) }, cancel: cancel)

        XCTAssertFalse(sink.isDisposed)
        sink.forwardOn(.next(1))
        sink.dispose()
        sink.forwardOn(.next(2))

        XCTAssertTrue(sink.isDisposed)
        XCTAssertTrue(cancel.isDisposed)
        XCTAssertEqual(log.entries, ["next(1)"])
    }
}
