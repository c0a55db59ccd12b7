import RxCore
import RxOperators

extension SharedSequence {
    /// A sequence that completes at once, on the strategy's scheduler.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }

    /// A sequence that never sends anything.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.never())
    }

    /// A sequence of `element` and then completion, on the strategy's scheduler.
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }

    /// A sequence built anew for each subscriber by `observableFactory`, when it subscribes,
    /// and shared by the strategy.
    ///
    /// `isolation` is where the closure was written, filled in by the compiler (see
    /// `HandlerIsolation`).
    public static func deferred(
        _ observableFactory: @escaping () -> SharedSequence<SharingStrategy, Element>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            Observable.deferred({ observableFactory().asObservable() }, isolation: isolation, file: file, line: line))
    }

    /// A sequence of `elements`, then completion, one element per action on the strategy's
    /// scheduler.
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(elements, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of the array's elements, then completion, one element per action on the
    /// strategy's scheduler.
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of the elements of `sequence`, then completion, one element per action on
    /// the strategy's scheduler.
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<SharingStrategy, Element>
    where Sequence.Element == Element {
        SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of the wrapped value, if any, then completion, on the strategy's scheduler.
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequence where Element: RxAbstractInteger {
    /// Sends 0, 1, 2, … every `period` on the strategy's scheduler, the first after one period;
    /// it never completes.
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// Sends 0 once `dueTime` has passed, then 1, 2, … every `period`, on the strategy's
    /// scheduler; it never completes.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval) -> SharedSequence<
        SharingStrategy, Element
    > {
        SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}
