import RxCore
import RxDisposables

extension Infallible {
    /// The closure through which `create(subscribe:)`'s body sends events: `.next` for an
    /// element, `.completed` to end. There is no error to send.
    public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

    /// A sequence whose every subscription runs `subscribe`, which sends events through the
    /// closure it is given and returns what to dispose when the subscription ends.
    ///
    /// Events sent after `.completed` or after disposal are dropped, as with
    /// `create(_:)`, on which this is built.
    ///
    /// The closure is `@Sendable` (the counterpart of `observer.sendable` in
    /// `Observable.create`): a callback marked `@Sendable` may capture it and call it from any
    /// thread, as long as the calls come one at a time. RxSwift's signature, with a plain
    /// closure, is kept too.
    public static func create(
        subscribe: @escaping (@escaping @Sendable (InfallibleEvent<Element>) -> Void) -> any Disposable,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        // Checked by hand: `guarding(_:_:)` would reabstract a closure whose argument is itself a
        // closure through a parameter pack, which the compiler cannot lower yet.
        let unguarded = subscribe
        let subscribe: (@escaping @Sendable (InfallibleEvent<Element>) -> Void) -> any Disposable =
            handlerIsolation.isNonisolated
            ? unguarded
            : { observer in
                handlerIsolation.check("create(subscribe:)")
                return unguarded(observer)
            }
        // Already guarded: `Observable.create` must not check a second time.
        let source = Observable<Element>.create(
            { observer in
                // Handed out as a `@Sendable` closure through the observer's Sendable form.
                let observer = observer.sendable
                return subscribe { event in
                    switch event {
                    case .next(let element):
                        observer.onNext(element)
                    case .completed:
                        observer.onCompleted()
                    }
                }
            }, isolation: nil)
        return Infallible(source)
    }

    /// A sequence that sends `elements` one by one, then completes, scheduling each on
    /// `scheduler`.
    public static func of(
        _ elements: Element..., scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(Observable.from(elements, scheduler: scheduler))
    }

    /// A sequence that sends the elements of `array` one by one, then completes, scheduling
    /// each on `scheduler`.
    public static func from(
        _ array: [Element], scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(Observable.from(array, scheduler: scheduler))
    }

    /// A sequence that sends the elements of `sequence` one by one, then completes, scheduling
    /// each on `scheduler`. The sequence is iterated lazily, once per subscription.
    public static func from<Elements: Sequence>(
        _ sequence: Elements, scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> where Elements.Element == Element {
        Infallible(Observable.from(sequence, scheduler: scheduler))
    }
}

extension InfallibleType {
    /// A sequence that sends `element` and completes.
    public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(Observable.just(element))
    }

    /// A sequence that sends `element` and completes, each in an action scheduled on
    /// `scheduler`.
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(Observable.just(element, scheduler: scheduler))
    }

    /// A sequence that completes at once, sending nothing.
    public static func empty() -> Infallible<Element> {
        Infallible(Observable.empty())
    }

    /// A sequence that sends nothing and never ends.
    public static func never() -> Infallible<Element> {
        Infallible(Observable.never())
    }

    /// A sequence that calls `observableFactory` for each subscriber and subscribes it to the
    /// sequence made.
    ///
    /// An error thrown by `observableFactory` is sent as an error, which an infallible sequence
    /// should never send (as RxSwift): see ``Infallible``.
    public static func deferred(
        _ observableFactory: @escaping () throws -> Infallible<Element>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let observableFactory =
            handlerIsolation.isNonisolated
            ? observableFactory : handlerIsolation.guarding(observableFactory, "deferred(_:)")
        return Infallible(Observable.deferred({ try observableFactory().asObservable() }, isolation: nil))
    }
}
