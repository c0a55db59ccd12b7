import RxCore
import RxSchedulers
import Synchronization

// @unchecked Sendable: `recorded` is touched only under `lock`; `scheduler` is immutable.
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

    private let lock = Mutex<Void>(())
    private var recorded: [Recorded<Event<Element>>] = []

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Every event received so far, in order, with the virtual time it arrived at.
    public var events: [Recorded<Event<Element>>] {
        lock.withLock { _ in recorded }
    }

    /// Records `event` at the scheduler's current time.
    public func on(_ event: Event<Element>) {
        let entry = Recorded(time: scheduler.clock, value: event)
        lock.withLock { _ in recorded.append(entry) }
    }
}
