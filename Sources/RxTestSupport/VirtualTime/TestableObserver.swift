import RxCore
import RxDisposables
import RxSchedulers

// @unchecked Sendable: `scheduler` is a constant and a test scheduler may be used from any
// thread; the events are inside `recorded`'s lock.
/// An observer that records every event it receives, stamped with its scheduler's clock.
///
/// It records everything, including events after a terminal event, so that a test can see
/// an operator that breaks the event grammar.
public final class TestableObserver<ElementType>: ObserverType, @unchecked Sendable {
    /// The type of the elements received.
    public typealias Element = ElementType

    // Not public, as in RxTest: a user's extension may use a global of this name.
    /// The scheduler whose clock stamps the events.
    let scheduler: TestScheduler

    // @unchecked Sendable: it exists only inside `recorded`'s lock, and a test reads the events
    // it recorded on whichever thread it checks them.
    private struct Events: @unchecked Sendable {
        var list: [Recorded<Event<Element>>] = []
    }

    private let recorded = RxMutex(Events())

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Every event received so far, in order, with the virtual time it arrived at.
    public var events: [Recorded<Event<Element>>] {
        recorded.withLock { $0 }.list
    }

    /// Records `event` at the scheduler's current time.
    public func on(_ event: Event<Element>) {
        let entry = Recorded(time: scheduler.clock, value: event)
        recorded.withLock { $0.list.append(entry) }
    }
}
