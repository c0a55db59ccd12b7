import RxCore
import RxDisposables
import RxSchedulers

// The operators every trait has, each the observable operator of the same name applied to the
// sequence underneath: none of them can break a trait's grammar.

extension PrimitiveSequence {
    /// A sequence built anew for every subscriber by `observableFactory`, at the moment it
    /// subscribes. An error thrown by the factory is sent to that subscriber as the failure.
    public static func deferred(
        _ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let observableFactory =
            handlerIsolation.isNonisolated
            ? observableFactory : handlerIsolation.guarding(observableFactory, "deferred(_:)")
        return PrimitiveSequence(
            raw: Observable.deferred({ try observableFactory().source }, isolation: nil))
    }

    /// A sequence that owns a resource: for every subscriber, `resourceFactory` makes the
    /// resource, `primitiveSequenceFactory` makes the sequence from it, and the resource is
    /// disposed when that subscription ends. An error thrown by either factory is sent as the
    /// failure.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let resourceFactory =
            handlerIsolation.isNonisolated ? resourceFactory : handlerIsolation.guarding(resourceFactory, "using(_:)")
        let sequenceFactory =
            handlerIsolation.isNonisolated
            ? primitiveSequenceFactory
            : handlerIsolation.guarding(primitiveSequenceFactory, "using(primitiveSequenceFactory:)")
        return PrimitiveSequence(
            raw: Observable.using(
                resourceFactory, observableFactory: { try sequenceFactory($0).source }, isolation: nil))
    }

    /// Subscribes to the source only once `dueTime` has passed on `scheduler`; events are not
    /// delayed. A negative `dueTime` subscribes as soon as possible.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Sends the sequence's element and completion `dueTime` later, on `scheduler`; an error is
    /// sent at once, as `Observable.delay` does.
    public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
    }

    /// Fails with `RxError.timeout` unless the sequence sends its event within `dueTime` of the
    /// subscription, as `Observable.timeout` does.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` unless the sequence sends its event within `dueTime` of the
    /// subscription, as `Observable.timeout(_:other:scheduler:)` does.
    public func timeout(
        _ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: any SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
    }

    /// Sends the sequence's events on `scheduler`.
    public func observe(on scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.observe(on: scheduler))
    }

    /// Subscribes to (and disposes) the sequence on `scheduler`; its events are sent wherever
    /// the sequence sends them.
    public func subscribe(on scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.subscribe(on: scheduler))
    }

    /// Passes the sequence on until it fails; then passes on the sequence of the same trait
    /// that `handler` makes from the error instead. An error thrown by `handler` is sent as the
    /// failure.
    public func `catch`(
        _ handler: @escaping (any Swift.Error) throws -> PrimitiveSequence<Trait, Element>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let handler = handlerIsolation.isNonisolated ? handler : handlerIsolation.guarding(handler, "catch(_:)")
        return PrimitiveSequence(raw: source.catch({ try handler($0).source }, isolation: nil))
    }

    /// Subscribes again each time the sequence fails, up to `maxAttemptCount` subscriptions in
    /// all (the first included); the last failure is sent on.
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(maxAttemptCount))
    }

    /// Subscribes again after a failure each time the trigger that `notificationHandler` makes
    /// from the sequence of failures sends an element; see `ObservableType.retry(when:)`.
    ///
    /// When the trigger completes, the result completes, as in RxSwift: for a `Single`, that
    /// is a completion without an element, which its subscribers receive as
    /// `RxError.noElements`.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<any Swift.Error>) -> TriggerObservable,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler, isolation: isolation, file: file, line: line))
    }

    /// The form of `retry(when:)` whose failures sequence carries one type of error: a failure
    /// with an error of another type is sent on without consulting the trigger.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler, isolation: isolation, file: file, line: line))
    }

    /// Prints every subscription, event and disposal that passes, as `ObservableType.debug`
    /// does.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}

extension PrimitiveSequenceType where Element: RxAbstractInteger {
    /// Sends 0 once `dueTime` has passed on `scheduler`, then completes (a `Single` or a
    /// `Maybe` that always succeeds). A negative `dueTime` fires as soon as possible; `.never`
    /// never fires.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
