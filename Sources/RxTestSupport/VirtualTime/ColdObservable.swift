import RxCore
import RxDisposables
import RxSchedulers

// @unchecked Sendable: it adds no state; the base class locks the subscriptions it records.
/// A testable observable that replays its events to each subscriber, each event's time being
/// its offset from that subscription.
final class ColdObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        let index = recordSubscription()
        let deliveries = CompositeDisposable()
        for recorded in recordedEvents {
            let delivery = scheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
                observer.on(recorded.value)
                return Disposables.create()
            }
            deliveries.insert(delivery)
        }
        // Cancelling the pending deliveries (rather than skipping them when they come due)
        // releases the observer at once.
        return Disposables.create {
            deliveries.dispose()
            self.recordUnsubscription(at: index)
        }
    }
}
