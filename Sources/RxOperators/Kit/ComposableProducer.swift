import RxCore

/// A producer that can absorb a following `map` or `filter` into its own stage.
///
/// Absorbing changes no event, order or error: the composed stage calls the same closures in
/// the same order and stops at the first error they throw. It saves one sink per absorbed
/// operator, and with it one hop per element and one subscription per chain.
///
/// A class rather than a protocol so that `map` and `filter` recognise it with a class cast: a
/// cast to a constrained existential (`any P<Element>`) demangles and checks generic
/// requirements at run time, many times the cost of the operator itself.
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

/// Both predicates in order, as one: the second runs only for elements the first accepts, as it
/// would in a second `filter`.
func conjunction<Element>(
    _ first: @escaping (Element) throws -> Bool, _ second: @escaping (Element) throws -> Bool
) -> (Element) throws -> Bool {
    { element in try first(element) && second(element) }
}
