import Foundation
import RxCore
import RxOperators

// On Linux `NotificationCenter` is not an `NSObject`, so it adopts `ReactiveCompatible` itself
// (RxSwift reaches it through `NSObject`, which leaves it without `.rx` on Linux).
extension NotificationCenter: ReactiveCompatible {}

extension Reactive where Base: NotificationCenter {
    /// The notifications named `name` (all of them when `nil`) posted by `object` (by anyone
    /// when `nil`), from the moment of subscribing until disposal. Each is delivered on the
    /// thread that posts it, so post them from one thread at a time (or one queue), as events
    /// are sent to a subject. `object` is held weakly.
    public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
        let center = base
        return Observable.create(
            { [weak object] observer in
                // The center calls the block on the posting thread; the Rx contract that events
                // arrive one at a time is the posters' to keep, as for a subject.
                let observer = UncheckedSendable(observer)
                let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
                    observer.value.on(.next(notification))
                }
                return Disposables.create { center.removeObserver(token) }
            }, isolation: nil)
    }
}
