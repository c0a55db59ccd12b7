import RxCore
import RxDisposables

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Runs side effects as the event passes, without changing it: `onSuccess` and `onError`
    /// before it goes on, `afterSuccess` and `afterError` after; `onSubscribe` before
    /// subscribing, `onSubscribed` after, `onDispose` when the subscription ends. An error
    /// thrown by `onSuccess` or `afterSuccess` is sent as the failure, as `do(onNext:)` does.
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((any Swift.Error) throws -> Void)? = nil,
        afterError: ((any Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Single<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        return Single(
            raw: primitiveSequence.source.do(
                onNext: handlerIsolation.isNonisolated
                    ? onSuccess : onSuccess.map { handlerIsolation.guarding($0, "do(onSuccess:)") },
                afterNext: handlerIsolation.isNonisolated
                    ? afterSuccess : afterSuccess.map { handlerIsolation.guarding($0, "do(afterSuccess:)") },
                onError: handlerIsolation.isNonisolated
                    ? onError : onError.map { handlerIsolation.guarding($0, "do(onError:)") },
                afterError: handlerIsolation.isNonisolated
                    ? afterError : afterError.map { handlerIsolation.guarding($0, "do(afterError:)") },
                onSubscribe: handlerIsolation.isNonisolated
                    ? onSubscribe : onSubscribe.map { handlerIsolation.guarding($0, "do(onSubscribe:)") },
                onSubscribed: handlerIsolation.isNonisolated
                    ? onSubscribed : onSubscribed.map { handlerIsolation.guarding($0, "do(onSubscribed:)") },
                onDispose: handlerIsolation.isNonisolated
                    ? onDispose : onDispose.map { handlerIsolation.guarding($0, "do(onDispose:)") },
                isolation: nil))
    }

    /// The element when `predicate` accepts it; otherwise an empty `Maybe`. An error thrown by
    /// `predicate` is sent as the error.
    public func filter(
        _ predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.filter(predicate, isolation: isolation, file: file, line: line))
    }

    /// The element transformed by `transform`. An error thrown by `transform` is sent as the
    /// failure.
    @inlinable
    public func map<Result>(
        _ transform: @escaping (Element) throws -> Result, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Single<Result> {
        Single(raw: primitiveSequence.source.map(transform, isolation: isolation, file: file, line: line))
    }

    /// The element transformed by `transform`, or an empty `Maybe` when `transform` returns
    /// `nil`. An error thrown by `transform` is sent as the error.
    public func compactMap<Result>(
        _ transform: @escaping (Element) throws -> Result?, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.compactMap(transform, isolation: isolation, file: file, line: line))
    }

    /// The `Single` that `selector` makes from the element, passed on. An error thrown by
    /// `selector` is sent as the failure.
    public func flatMap<Result>(
        _ selector: @escaping (Element) throws -> Single<Result>, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Single<Result> {
        Single(raw: primitiveSequence.source.flatMap(selector, isolation: isolation, file: file, line: line))
    }

    /// The `Maybe` that `selector` makes from the element, passed on. An error thrown by
    /// `selector` is sent as the error.
    public func flatMapMaybe<Result>(
        _ selector: @escaping (Element) throws -> Maybe<Result>, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.flatMap(selector, isolation: isolation, file: file, line: line))
    }

    /// The `Completable` that `selector` makes from the element, passed on. An error thrown by
    /// `selector` is sent as the error.
    public func flatMapCompletable(
        _ selector: @escaping (Element) throws -> Completable, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Completable {
        Completable(raw: primitiveSequence.source.flatMap(selector, isolation: isolation, file: file, line: line))
    }

    /// The elements of every `Single` of `collection`, in the collection's order, combined by
    /// `resultSelector` once all have succeeded; the first failure fails the result and disposes
    /// the others. An empty collection succeeds with `resultSelector([])` at subscription.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let resultSelector =
            handlerIsolation.isNonisolated
            ? resultSelector : handlerIsolation.guarding(resultSelector, "zip(resultSelector:)")
        if collection.isEmpty {
            return PrimitiveSequence<Trait, Result>(
                raw: Observable.deferred({ .just(try resultSelector([])) }, isolation: nil))
        }
        return PrimitiveSequence<Trait, Result>(
            raw: Observable.zip(collection.map { $0.source }, resultSelector: resultSelector, isolation: nil))
    }

    /// The elements of every `Single` of `collection`, in the collection's order, once all have
    /// succeeded; the first failure fails the result and disposes the others. An empty
    /// collection succeeds with `[]` at subscription.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> PrimitiveSequence<
        Trait, [Element]
    >
    where Collection.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence<Trait, [Element]>(raw: .just([]))
        }
        return PrimitiveSequence<Trait, [Element]>(raw: Observable.zip(collection.map { $0.source }))
    }

    /// Succeeds with `element` instead of failing.
    public func catchAndReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }

    /// The same sequence as a `Maybe`, which may then be given `Maybe`'s operators.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source)
    }

    /// A `Completable` that completes when this `Single` succeeds, dropping the element, and
    /// fails when it fails.
    public func asCompletable() -> Completable {
        Completable(raw: primitiveSequence.source.ignoreElements())
    }
}
