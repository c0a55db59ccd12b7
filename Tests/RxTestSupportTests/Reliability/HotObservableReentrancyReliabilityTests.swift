import RxCore
import RxDisposables
import RxTestSupport
import XCTest

/// A hot test observable lets go of an unsubscribed observer outside its lock: what the observer
/// held may subscribe to the same observable, or unsubscribe another observer, as it dies.
final class HotObservableReentrancyReliabilityTests: RxTestCase {
    func testAnObserverReleasedOnUnsubscribeMaySubscribeToTheSameObservableAsItDies() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let late = scheduler.createObserver(Int.self)
        var lateSubscription: (any Disposable)?
        let subscription = subscribeWithWatcher(to: xs) {
            lateSubscription = xs.subscribe(late)
        }

        scheduler.scheduleAt(205) { subscription.dispose() }
        scheduler.scheduleAt(400) { lateSubscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(late.events, [.next(210, 1), .next(220, 2), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(0, 205), Subscription(205, 400)])
    }

    func testAnObserverReleasedOnUnsubscribeMayUnsubscribeAnotherAsItDies() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let other = scheduler.createObserver(Int.self)
        let otherSubscription = xs.subscribe(other)
        let subscription = subscribeWithWatcher(to: xs) {
            otherSubscription.dispose()
        }

        scheduler.scheduleAt(215) { subscription.dispose() }
        scheduler.start()

        XCTAssertEqual(other.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(0, 215), Subscription(0, 215)])
    }

    /// Subscribes an observer that only the observable holds, whose event closure keeps a
    /// watcher that runs `onRelease` as it dies.
    private func subscribeWithWatcher(
        to xs: TestableObservable<Int>, onRelease: @escaping () -> Void
    ) -> any Disposable {
        let watcher = DeinitWatcher(onRelease)
        return xs.subscribe(AnonymousObserver { _ in watcher.touch() })
    }
}

/// Runs its closure when it is released.
private final class DeinitWatcher {
    private let onRelease: () -> Void

    init(_ onRelease: @escaping () -> Void) {
        self.onRelease = onRelease
    }

    func touch() {}

    deinit {
        onRelease()
    }
}
