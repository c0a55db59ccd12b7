import RxCore
import RxDisposables
import RxSchedulers

// @unchecked Sendable: `recordedEvents` and `scheduler` are constants (the events are values a
// test wrote, and a test scheduler may be used from any thread); the subscriptions are inside
// `recordedSubscriptions`' lock.
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

    private let recordedSubscriptions = RxMutex<[Subscription]>([])

    init(scheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.scheduler = scheduler
        self.recordedEvents = recordedEvents
    }

    /// Every subscription so far, in the order they were made; an open one ends at `Int.max`.
    public var subscriptions: [Subscription] {
        recordedSubscriptions.withLock { $0 }
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
        return recordedSubscriptions.withLock { subscriptions in
            subscriptions.append(Subscription(now))
            return subscriptions.count - 1
        }
    }

    /// Closes the subscription at `index` at the current clock.
    final func recordUnsubscription(at index: Int) {
        let now = scheduler.clock
        recordedSubscriptions.withLock { subscriptions in
            let subscribed = subscriptions[index].subscribe
            subscriptions[index] = Subscription(subscribed, now)
        }
    }
}
