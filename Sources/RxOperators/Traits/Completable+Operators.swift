import RxCore
import RxDisposables

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Runs side effects as the event passes, without changing it: `onError` and
    /// `onCompleted` before it goes on, `afterError` and `afterCompleted` after; `onSubscribe`
    /// before subscribing, `onSubscribed` after, `onDispose` when the subscription ends. An
    /// error thrown by `onError` or `onCompleted` is sent as the error, as
    /// `ObservableType.do` does.
    public func `do`(
        onError: ((any Swift.Error) throws -> Void)? = nil,
        afterError: ((any Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Completable {
        Completable(
            raw: primitiveSequence.source.do(
                onError: onError, afterError: afterError, onCompleted: onCompleted,
                afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed,
                onDispose: onDispose, isolation: isolation, file: file, line: line))
    }

    /// Completes once this `Completable` and then `second`, subscribed to only after this one
    /// completed, have completed; the first error fails the result. This `Completable` is let go
    /// of once it has completed.
    public func concat(_ second: Completable) -> Completable {
        Completable(raw: primitiveSequence.source.concat(second.source))
    }

    /// Subscribes to each `Completable` of `sequence` in turn, the next once the last has
    /// completed, and completes after the last; the first error fails the result and the rest
    /// are never subscribed. The sequence is read lazily, one source at a time.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
    where Sequence.Element == Completable {
        Completable(raw: Observable.concat(sequence.lazy.map { $0.source }))
    }

    /// Subscribes to each `Completable` of `collection` in turn, the next once the last has
    /// completed, and completes after the last; the first error fails the result and the rest
    /// are never subscribed.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable
    where Collection.Element == Completable {
        Completable(raw: Observable.concat(collection.map { $0.source }))
    }

    /// Subscribes to each of `sources` in turn, the next once the last has completed, and
    /// completes after the last; the first error fails the result.
    public static func concat(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.concat(sources.map { $0.source }))
    }

    /// Subscribes to every `Completable` of `sources` at once and completes when all have
    /// completed; the first error fails the result and disposes the others. (For
    /// `Completable`, `zip` is `merge`.)
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        Completable(raw: Observable.merge(sources.map { $0.source }))
    }

    /// Subscribes to every `Completable` of `sources` at once and completes when all have
    /// completed; the first error fails the result and disposes the others.
    public static func zip(_ sources: [Completable]) -> Completable {
        Completable(raw: Observable.merge(sources.map { $0.source }))
    }

    /// Subscribes to all `sources` at once and completes when all have completed; the first
    /// error fails the result and disposes the others.
    public static func zip(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.merge(sources.map { $0.source }))
    }
}
