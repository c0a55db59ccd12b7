import RxCore
import RxOperators
import RxSchedulers

/// A type that can become a ``ControlEvent``.
public protocol ControlEventType: ObservableType {
    /// This value as a control event.
    func asControlEvent() -> ControlEvent<Element>
}

/// The events of a control (taps, edits, a value the user picked): a sequence that never
/// fails, is subscribed on the main queue, and delivers on the main queue.
///
/// It is the type UI frameworks' reactive extensions give their events; here it needs no UI
/// and wraps any sequence that keeps those promises. It sends no initial value: that is
/// ``ControlProperty``'s job.
public struct ControlEvent<PropertyType>: ControlEventType {
    /// The type of the events' values.
    public typealias Element = PropertyType

    let events: Observable<PropertyType>

    /// Wraps `events`, subscribed on `ConcurrentMainScheduler.instance`. `events` must not
    /// fail and must deliver on the main queue.
    public init<Ev: ObservableType>(events: Ev) where Ev.Element == Element {
        self.events = events.subscribe(on: ConcurrentMainScheduler.instance)
    }

    /// Subscribes `observer` to the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        events.subscribe(observer)
    }

    /// The events, as an observable.
    public func asObservable() -> Observable<Element> {
        events
    }

    /// This control event itself.
    public func asControlEvent() -> ControlEvent<Element> {
        self
    }

    /// The events as an `Infallible`.
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }
}
