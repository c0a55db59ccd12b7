import RxCore
import RxDisposables

// `andThen` is `concat` of this `Completable`, seen as a sequence of the second one's element
// type, and the second sequence: the second is subscribed to only once this one completed,
// and an error of this one ends the result without subscribing to it. The subscription lets go
// of this `Completable` once it has completed (as RxSwift's does): nothing of it, nor of what its
// closures capture, outlives its completion.

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// The `Single` `second`, subscribed to once this `Completable` has completed; this one's
    /// error fails the result instead.
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        Single(raw: primitiveSequence.followed(by: second.source))
    }

    /// The `Maybe` `second`, subscribed to once this `Completable` has completed; this one's
    /// error fails the result instead.
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.followed(by: second.source))
    }

    /// The `Completable` `second`, subscribed to once this one has completed; this one's error
    /// fails the result instead.
    public func andThen(_ second: Completable) -> Completable {
        Completable(raw: primitiveSequence.followed(by: second.source))
    }

    /// The observable `second`, subscribed to once this `Completable` has completed; this
    /// one's error fails the result instead.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        primitiveSequence.followed(by: second)
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// This sequence's terminal event, then, after a completion, `second`'s events.
    func followed<Other>(by second: Observable<Other>) -> Observable<Other> {
        // A sequence of `Never` sends no element, so the conversion is never called; it only
        // gives the two sources one element type for `concat`.
        let first = source.map({ (element: Never) -> Other in }, isolation: nil)
        // The two-sequence form gives up the first once it has been subscribed to.
        return first.concat(second)
    }
}
