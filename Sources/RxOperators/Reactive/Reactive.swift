/// The `.rx` namespace: a wrapper around a value (``base``) that reactive extensions are
/// written on, so that they stay apart from the type's own members.
///
/// Add your own by extending it for your type, and reach them through `rx` once the type
/// adopts ``ReactiveCompatible``:
///
/// ```swift
/// final class Thermostat: ReactiveCompatible {
///     var target = 20.0
/// }
///
/// extension Reactive where Base: Thermostat {
///     var targetText: Binder<String> {
///         Binder(base, scheduler: CurrentThreadScheduler.instance) { thermostat, text in
///             thermostat.target = Double(text) ?? thermostat.target
///         }
///     }
/// }
///
/// let subscription = entered.subscribe(thermostat.rx.targetText)
/// ```
///
/// For a class, every writable property is a ``Binder`` through `rx` already:
/// `thermostat.rx.target` sets `target` on the main queue.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The value the extensions act on.
    public let base: Base

    /// Wraps `base`.
    public init(_ base: Base) {
        self.base = base
    }

    /// A ``Binder`` that sets the property at `keyPath` of ``base`` to each element it
    /// receives, on the main queue (`MainScheduler`); it holds ``base`` weakly.
    public subscript<Property>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>
    ) -> Binder<Property> where Base: AnyObject {
        // Set on the main queue whatever the caller's isolation: nothing to check.
        Binder(base, binding: { base, value in base[keyPath: keyPath] = value }, isolation: nil)
    }
}

/// A type whose values, and the type itself, have the `.rx` namespace (``Reactive``).
///
/// Adopting it needs no code: the default ``rx-swift.property`` and ``rx-swift.type.property``
/// wrap the value and the type with `Reactive`, and ``ReactiveBase`` is `Self`.
public protocol ReactiveCompatible {
    /// The type the extensions are written on: the adopting type itself, by default.
    associatedtype ReactiveBase

    /// The namespace for static reactive extensions.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// The namespace for reactive extensions of this value.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// `Reactive<Self>` itself, for static extensions. Its setter does nothing; it exists so
    /// that extensions with `mutating` members can be called through it.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        // Allows calls of mutating members through `rx`; there is nothing to store.
        set {}
    }

    /// This value wrapped in ``Reactive``. Its setter does nothing; it exists so that
    /// extensions with `mutating` members can be called through it.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        // Allows calls of mutating members through `rx`; there is nothing to store.
        set {}
    }
}
