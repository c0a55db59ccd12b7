import RxCore

extension ObservableType {
    /// A sequence of one element, delivered at subscription, then completion.
    public static func just(_ element: Element) -> Observable<Element> {
        // `from(optional:)` with a value behaves exactly like `just`; one producer serves both.
        FromOptional(optional: element)
    }

    /// A sequence of one element, then completion, each sent as its own action on `scheduler`.
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        FromOptionalScheduled(optional: element, scheduler: scheduler)
    }
}
