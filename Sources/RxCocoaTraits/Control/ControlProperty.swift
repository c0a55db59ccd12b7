import RxCore
import RxOperators
import RxSchedulers

/// A type that is both the values of a control's property and where new values for it go.
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// This value as a control property.
    func asControlProperty() -> ControlProperty<Element>
}

/// A property of a control (a text field's text, a switch's state): its current value and the
/// values the user gives it, as a sequence that never fails, is subscribed on the main queue and
/// delivers on the main queue; and an observer that sets the property.
///
/// It is the type UI frameworks' reactive extensions give their properties; here it needs no
/// UI and wraps any pair of a sequence and an observer that keep those promises. Values set
/// through the observer are not echoed by the sequence, as a control does not report
/// programmatic changes.
public struct ControlProperty<PropertyType>: ControlPropertyType {
    /// The type of the property's values.
    public typealias Element = PropertyType

    let values: Observable<PropertyType>
    let valueSink: AnyObserver<PropertyType>

    /// A property whose values are `values`, subscribed on `ConcurrentMainScheduler.instance`,
    /// and which `valueSink` sets. `values` must start with the current value, must not fail
    /// and must deliver on the main queue.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
    where Element == Values.Element, Element == Sink.Element {
        self.values = values.subscribe(on: ConcurrentMainScheduler.instance)
        self.valueSink = valueSink.asObserver()
    }

    /// Subscribes `observer` to the values.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// The values after the current one: the changes.
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(events: values.skip(1))
    }

    /// The values, as an observable.
    public func asObservable() -> Observable<Element> {
        values
    }

    /// This control property itself.
    public func asControlProperty() -> ControlProperty<Element> {
        self
    }

    /// Sets the property to each element, and passes completion on. An error stops a debug
    /// build and is printed in a release build: a property cannot fail, so handle errors
    /// before binding to it.
    public func on(_ event: Event<Element>) {
        switch event {
        case .error(let error):
            reportErrorReachingBinding(error)
        case .next, .completed:
            valueSink.on(event)
        }
    }
}

extension ControlPropertyType where Element == String? {
    /// The property with `nil` read as the empty string, for text that is never absent in
    /// practice.
    public var orEmpty: ControlProperty<String> {
        let original: ControlProperty<String?> = asControlProperty()
        return ControlProperty<String>(
            values: original.values.map({ $0 ?? "" }, isolation: nil),
            valueSink: original.valueSink.mapObserver { $0 })
    }
}
