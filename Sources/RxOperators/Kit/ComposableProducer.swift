import RxCore

/// A producer that can absorb a following `map` or `filter` into its own stage: the one hook
/// through which adjacent stages fuse.
///
/// Absorbing changes no event, order or error: the composed stage calls the same closures in
/// the same order and stops at the first error they throw. It saves one sink per absorbed
/// operator, and with it one hop per element and one subscription per chain.
///
/// `map` and `filter` ask their source through ``ObservableType/composedMap(_:isolation:)`` and
/// ``ObservableType/composedFilter(_:isolation:)``, below, before making a stage of their own. The
/// producers that answer are `map`'s and `filter`'s own, and `create`'s, whose sink then runs the
/// `map` itself (`CreateThenMap`, in `Create.swift`). The rules they follow are below: a stage
/// absorbs only closures written in its own isolation (it checks the isolation once per element),
/// and a `map` after an absorbed `filter` is a stage of its own, as the predicate would have to
/// run between the two transforms. `just` answers a `map` too (`JustThenMap`, in `Just.swift`),
/// though it is not a producer: it subscribes with no sink at all.
///
/// A class rather than a protocol so that the hook recognises it with a class cast: a cast to a
/// constrained existential (`any P<Element>`) demangles and checks generic requirements at run
/// time, many times the cost of the operator itself.
@usableFromInline
class ComposableProducer<Element>: Producer<Element> {
    override init() {
        super.init()
    }

    /// This sequence followed by `transform`, as one stage; `nil` when it cannot absorb a `map`.
    /// A stage absorbs only closures of its own isolation, which it checks once per element.
    @usableFromInline
    func composeMap<Result>(
        _ transform: @escaping (Element) throws -> Result, isolation: HandlerIsolation
    ) -> Observable<Result>? {
        nil
    }

    /// This sequence followed by `predicate`, as one stage; `nil` when it cannot absorb a `filter`.
    @usableFromInline
    func composeFilter(
        _ predicate: @escaping (Element) throws -> Bool, isolation: HandlerIsolation
    ) -> Observable<Element>? {
        nil
    }
}

extension ObservableType {
    /// This sequence followed by `transform`, as one stage, when its stage can absorb a `map`;
    /// `nil` when `map` must make a stage of its own.
    @inlinable
    func composedMap<Result>(
        _ transform: @escaping (Element) throws -> Result, isolation: HandlerIsolation
    ) -> Observable<Result>? {
        if let composable = self as? ComposableProducer<Element> {
            return composable.composeMap(transform, isolation: isolation)
        }
        if let just = self as? Just<Element> {
            return just.composeMap(transform, isolation: isolation)
        }
        return nil
    }

    /// This sequence followed by `predicate`, as one stage, when its stage can absorb a
    /// `filter`; `nil` when `filter` must make a stage of its own.
    @inlinable
    func composedFilter(
        _ predicate: @escaping (Element) throws -> Bool, isolation: HandlerIsolation
    ) -> Observable<Element>? {
        (self as? ComposableProducer<Element>)?.composeFilter(predicate, isolation: isolation)
    }
}

/// The predicate of the `filter` a `map` stage absorbed, if any.
///
/// Not an optional closure: an optional keeps its closure in the most general form, behind
/// conversion thunks that every element would pass through. And not a closure that accepts
/// everything: made in generic code, that one would need a context of its own.
enum AbsorbedFilter<Value> {
    case none
    case predicate((Value) throws -> Bool)

    /// Whether a `map` may still join the stage: not once it absorbed a `filter`.
    var admitsMap: Bool {
        if case .none = self { true } else { false }
    }

    /// This filter followed by `next`, as the stage's one predicate.
    func appending(_ next: @escaping (Value) throws -> Bool) -> Self {
        switch self {
        case .none: .predicate(next)
        case .predicate(let predicate): .predicate(conjunction(predicate, next))
        }
    }
}

/// Both transforms in order, as one.
func composition<Source, Middle, Result>(
    _ first: @escaping (Source) throws -> Middle, _ second: @escaping (Middle) throws -> Result
) -> (Source) throws -> Result {
    { element in try second(try first(element)) }
}

/// Both predicates in order, as one: the second runs only for elements the first accepts, as it
/// would in a second `filter`.
func conjunction<Element>(
    _ first: @escaping (Element) throws -> Bool, _ second: @escaping (Element) throws -> Bool
) -> (Element) throws -> Bool {
    { element in try first(element) && second(element) }
}
