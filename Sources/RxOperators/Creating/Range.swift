import RxCore
import RxDisposables
import RxSchedulers

extension ObservableType where Element: RxAbstractInteger {
    /// The `count` integers from `start` upwards, then completion, one per action on
    /// `scheduler`.
    ///
    /// - Precondition: `count` is not negative, and `start + count - 1` fits in `Element`.
    public static func range(
        start: Element, count: Element, scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        if count < 0 {
            rxFatalError("range(start:count:scheduler:): count must not be negative, but it is \(count)")
        }
        if count > 0, start > Element.max - (count - 1) {
            rxFatalError(
                "range(start:count:scheduler:): start \(start) + count \(count) - 1 overflows \(Element.self)")
        }
        // The same producer as `from`: one integer per step, iterated anew for every subscriber.
        let integers = sequence(state: Element.zero) { (sent: inout Element) -> Element? in
            guard sent < count else { return nil }
            // The check above guarantees that `start + count - 1` does not overflow.
            defer { sent &+= 1 }
            return start &+ sent
        }
        return FromSequence(elements: integers, scheduler: scheduler)
    }
}
