import RxCore
import RxDisposables
import RxSchedulers
import Synchronization

// @unchecked Sendable: `observers` and `nextKey` are touched only under `lock`.
/// A testable observable that sends its events at their absolute times to whoever is
/// subscribed then, like a subject fed by the clock.
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    private let lock = Mutex<Void>(())
    private var observers: [(key: UInt64, on: (Event<Element>) -> Void)] = []
    private var nextKey: UInt64 = 0

    override init(scheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        super.init(scheduler: scheduler, recordedEvents: recordedEvents)
        for recorded in recordedEvents {
            scheduler.scheduleAt(recorded.time) {
                self.send(recorded.value)
            }
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        let key: UInt64 = lock.withLock { _ in
            let key = nextKey
            nextKey += 1
            observers.append((key, observer.on))
            return key
        }
        let index = recordSubscription()
        return Disposables.create {
            // The observer leaves the list under the lock but is released after it: what it
            // holds may subscribe to this observable, or unsubscribe another, as it dies.
            let removed = self.lock.withLock { _ in
                self.observers.firstIndex { $0.key == key }.map { self.observers.remove(at: $0) }
            }
            self.recordUnsubscription(at: index)
            _ = removed
        }
    }

    // Observers are called outside the lock, in subscription order, from a snapshot: one
    // that unsubscribes another during delivery does not stop the event reaching it.
    private func send(_ event: Event<Element>) {
        let snapshot = lock.withLock { _ in observers }
        for observer in snapshot {
            observer.on(event)
        }
    }
}
