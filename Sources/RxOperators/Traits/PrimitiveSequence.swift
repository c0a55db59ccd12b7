import RxCore

/// A sequence whose grammar is narrower than an observable's, fixed by `Trait`: a ``Single``
/// sends exactly one element or an error, a ``Maybe`` one element, nothing or an error, a
/// ``Completable`` only its completion or an error.
///
/// It wraps an ``/RxCore/Observable`` and has operators of its own that keep the trait (`map`
/// of a `Single` is a `Single`); ``asObservable()`` gives the observable back for everything
/// else. Build one with the trait's creators (`Single.create`, `Maybe.just`, …) or convert an
/// observable with `asSingle()`, `asMaybe()` or `asCompletable()`, which check the grammar.
public struct PrimitiveSequence<Trait, Element> {
    /// The observable underneath; every trait operator is an observable operator applied to it.
    @usableFromInline
    let source: Observable<Element>

    /// Wraps `raw` without checking it: only for sources that keep the trait's grammar by
    /// construction.
    @usableFromInline
    init(raw: Observable<Element>) {
        self.source = raw
    }
}

/// A type that can present itself as a ``PrimitiveSequence``: the protocol the traits'
/// operators are declared on, constrained by `Trait`.
public protocol PrimitiveSequenceType {
    /// What the sequence may send: ``SingleTrait``, ``MaybeTrait`` or ``CompletableTrait``.
    associatedtype Trait

    /// The type of the element the sequence sends, `Never` for a ``Completable``.
    associatedtype Element

    /// This sequence as a ``PrimitiveSequence``.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// The sequence itself.
    public var primitiveSequence: PrimitiveSequence<Trait, Element> {
        self
    }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// The observable underneath, sending the trait's events as `next`, `error` and `completed`
    /// (a `Single`'s success is a `next` followed by `completed`).
    public func asObservable() -> Observable<Element> {
        source
    }
}
