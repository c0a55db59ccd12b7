import RxCore
import RxRelay

extension ObservableConvertibleType {
    /// This sequence as one that cannot fail: an error becomes `element`, sent before
    /// completing.
    ///
    /// Elements pass as they come; the error ends the source's subscription, as with
    /// `catchAndReturn(_:)`.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// This sequence as one that cannot fail: on an error, the subscription continues with
    /// `infallible`, whose events follow.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        let fallback = infallible.asObservable()
        return Infallible(asObservable().catch({ _ in fallback }, isolation: nil))
    }

    /// This sequence as one that cannot fail: on an error, the subscription continues with the
    /// infallible sequence `onErrorRecover` makes from it.
    public func asInfallible(
        onErrorRecover: @escaping (any Swift.Error) -> Infallible<Element>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let onErrorRecover =
            handlerIsolation.isNonisolated
            ? onErrorRecover : handlerIsolation.guarding(onErrorRecover, "asInfallible(onErrorRecover:)")
        return Infallible(asObservable().catch({ onErrorRecover($0).asObservable() }, isolation: nil))
    }
}

extension PublishRelay {
    /// The relay's elements as an infallible sequence: a relay never fails or completes.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension BehaviorRelay {
    /// The relay's current value and then every value it is given, as an infallible sequence:
    /// a relay never fails or completes.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension ReplayRelay {
    /// The relay's buffered elements and then every element it is given, as an infallible
    /// sequence: a relay never fails or completes.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}
