import RxCore
import RxDisposables

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Runs side effects as events pass, without changing them: `onNext`, `onError` and
    /// `onCompleted` before the event goes on, the `after` forms after it; `onSubscribe` before
    /// subscribing, `onSubscribed` after, `onDispose` when the subscription ends. An error
    /// thrown by an event handler is sent as the error, as `ObservableType.do` does.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((any Swift.Error) throws -> Void)? = nil,
        afterError: ((any Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Element> {
        Maybe(
            raw: primitiveSequence.source.do(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe,
                onSubscribed: onSubscribed, onDispose: onDispose, isolation: isolation, file: file, line: line))
    }

    /// The element when `predicate` accepts it; otherwise completes without one. An error
    /// thrown by `predicate` is sent as the error.
    public func filter(
        _ predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.filter(predicate, isolation: isolation, file: file, line: line))
    }

    /// The element transformed by `transform`. An error thrown by `transform` is sent as the
    /// error.
    public func map<Result>(
        _ transform: @escaping (Element) throws -> Result, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.map(transform, isolation: isolation, file: file, line: line))
    }

    /// The element transformed by `transform`, or a completion without one when `transform`
    /// returns `nil`. An error thrown by `transform` is sent as the error.
    public func compactMap<Result>(
        _ transform: @escaping (Element) throws -> Result?, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.compactMap(transform, isolation: isolation, file: file, line: line))
    }

    /// The `Maybe` that `selector` makes from the element, passed on; without an element,
    /// completes. An error thrown by `selector` is sent as the error.
    public func flatMap<Result>(
        _ selector: @escaping (Element) throws -> Maybe<Result>, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.flatMap(selector, isolation: isolation, file: file, line: line))
    }

    /// A `Single` that succeeds with the element, or with `default` when there is none.
    public func ifEmpty(default: Element) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(default: `default`))
    }

    /// This `Maybe`'s element, or, when it completes without one, the event of `other`,
    /// subscribed to only then.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
    }

    /// A `Single` with this `Maybe`'s element, or, when it completes without one, the event of
    /// `other`, subscribed to only then.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
    }

    /// Succeeds with `element` instead of failing.
    public func catchAndReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }
}
