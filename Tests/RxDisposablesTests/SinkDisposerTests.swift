import RxDisposables
import RxTestSupport
import XCTest

final class SinkDisposerTests: RxTestCase {
    func testSetThenDisposeDisposesSinkThenSubscriptionOnce() {
        let log = DisposeLog()
        let disposer = SinkDisposer()
        disposer.setSinkAndSubscription(
            sink: TestDisposable("sink", log: log), subscription: TestDisposable("subscription", log: log))

        XCTAssertFalse(disposer.isDisposed)
        XCTAssertEqual(log.entries, [])
        disposer.dispose()
        disposer.dispose()
        XCTAssertTrue(disposer.isDisposed)
        XCTAssertEqual(log.entries, ["sink", "subscription"])
    }

    func testDisposeBeforeSetDisposesBothWhenSet() {
        let log = DisposeLog()
        let disposer = SinkDisposer()
        disposer.dispose()
        XCTAssertTrue(disposer.isDisposed)

        disposer.setSinkAndSubscription(
            sink: TestDisposable("sink", log: log), subscription: TestDisposable("subscription", log: log))
        XCTAssertEqual(log.entries, ["sink", "subscription"])
        disposer.dispose()
        XCTAssertEqual(log.entries, ["sink", "subscription"])
    }

    func testDisposeFromInsideTheSinksDisposeHappensOnce() {
        let disposer = SinkDisposer()
        let subscription = TestDisposable()
        let sinkCalls = TestDisposable()
        disposer.setSinkAndSubscription(
            sink: Disposables.create {
                sinkCalls.dispose()
                disposer.dispose()
            },
            subscription: subscription)

        disposer.dispose()
        XCTAssertEqual(sinkCalls.disposeCount, 1)
        XCTAssertEqual(subscription.disposeCount, 1)
    }

    func testReleasesSinkAndSubscriptionWhenDisposed() {
        var sinkToken: Token? = Token()
        var subscriptionToken: Token? = Token()
        weak let weakSink = sinkToken
        weak let weakSubscription = subscriptionToken
        let disposer = SinkDisposer()
        disposer.setSinkAndSubscription(
            sink: Disposables.create { [sinkToken] in _ = sinkToken },
            subscription: Disposables.create { [subscriptionToken] in _ = subscriptionToken })
        sinkToken = nil
        subscriptionToken = nil

        XCTAssertNotNil(weakSink)
        XCTAssertNotNil(weakSubscription)
        disposer.dispose()
        XCTAssertNil(weakSink)
        XCTAssertNil(weakSubscription)
    }

    func testReleasesWhatArrivesAfterDispose() {
        var token: Token? = Token()
        weak let weakToken = token
        let disposer = SinkDisposer()
        disposer.dispose()
        disposer.setSinkAndSubscription(
            sink: Disposables.create { [token] in _ = token }, subscription: TestDisposable())
        token = nil

        XCTAssertNil(weakToken)
    }

    func testSetRacingDisposesDisposesEachExactlyOnce() {
        for _ in 0..<300 {
            let disposer = SinkDisposer()
            let sink = TestDisposable()
            let subscription = TestDisposable()
            DispatchQueue.concurrentPerform(iterations: 3) { index in
                if index == 0 {
                    disposer.setSinkAndSubscription(sink: sink, subscription: subscription)
                } else {
                    disposer.dispose()
                }
            }
            XCTAssertTrue(disposer.isDisposed)
            XCTAssertEqual(sink.disposeCount, 1)
            XCTAssertEqual(subscription.disposeCount, 1)
        }
    }
}
