import RxCore
import RxDisposables
import RxSchedulers
import Synchronization

// @unchecked Sendable: `recordedSubscriptions` is touched only under `lock`; the rest is immutable.
/// An observable that sends prearranged events on a ``TestScheduler`` and records when each
/// observer subscribed and unsubscribed.
///
/// Made by ``TestScheduler/createHotObservable(_:)`` and
/// ``TestScheduler/createColdObservable(_:)``, or from marble diagrams.
public class TestableObservable<Element>: ObservableType, @unchecked Sendable {
    /// The events this observable sends: at absolute virtual times for a hot observable, at
    /// offsets from each subscription for a cold one.
    public let recordedEvents: [Recorded<Event<Element>>]

    // Not public, as in RxTest: a user's extension may use a global of this name.
    /// The scheduler that drives this observable.
    let scheduler: TestScheduler

    private let lock = Mutex<Void>(())
    private var recordedSubscriptions: [Subscription] = []

    init(scheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.scheduler = scheduler
        self.recordedEvents = recordedEvents
    }

    /// Every subscription so far, in the order they were made; an open one ends at `Int.max`.
    public var subscriptions: [Subscription] {
        lock.withLock { _ in recordedSubscriptions }
    }

    /// Subclasses deliver the events; the base class has none.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        rxAbstractMethod()
    }

    /// Records a subscription at the current clock and returns its index for
    /// ``recordUnsubscription(at:)``.
    final func recordSubscription() -> Int {
        let now = scheduler.clock
        return lock.withLock { _ in
            recordedSubscriptions.append(Subscription(now))
            return recordedSubscriptions.count - 1
        }
    }

    /// Closes the subscription at `index` at the current clock.
    final func recordUnsubscription(at index: Int) {
        let now = scheduler.clock
        lock.withLock { _ in
            let subscribed = recordedSubscriptions[index].subscribe
            recordedSubscriptions[index] = Subscription(subscribed, now)
        }
    }
}
