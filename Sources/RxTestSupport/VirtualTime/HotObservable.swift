import RxCore
import RxDisposables
import RxSchedulers

// @unchecked Sendable: as its base class; the observers are inside `observers`' lock.
/// A testable observable that sends its events at their absolute times to whoever is
/// subscribed then, like a subject fed by the clock.
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    // @unchecked Sendable: it exists only inside `observers`' lock; an observer may be sent
    // events from whichever thread drives the test scheduler.
    private struct Observers: @unchecked Sendable {
        var list: [(key: UInt64, on: (Event<Element>) -> Void)] = []
        var nextKey: UInt64 = 0
    }

    private let observers = RxMutex(Observers())

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
        let key: UInt64 = observers.withLock { observers in
            let key = observers.nextKey
            observers.nextKey += 1
            observers.list.append((key, observer.on))
            return key
        }
        let index = recordSubscription()
        return Disposables.create {
            // The observer leaves the list under the lock but is released after it: what it
            // holds may subscribe to this observable, or unsubscribe another, as it dies.
            let removed = self.observers.withLock { observers in
                Observers(
                    list: observers.list.firstIndex { $0.key == key }.map { [observers.list.remove(at: $0)] } ?? [])
            }
            self.recordUnsubscription(at: index)
            _ = removed
        }
    }

    // Observers are called outside the lock, in subscription order, from a snapshot: one
    // that unsubscribes another during delivery does not stop the event reaching it.
    private func send(_ event: Event<Element>) {
        let snapshot = observers.withLock { $0 }.list
        for observer in snapshot {
            observer.on(event)
        }
    }
}
