import Dispatch
import RxCore
import RxDisposables
import Synchronization

// @unchecked Sendable: the only mutable state, `pendingCount`, is atomic.
/// Runs work on the main dispatch queue, where user-interface code belongs.
///
/// ``instance`` runs an action at once, on the caller's stack, when called on the main queue
/// with nothing of its own still queued there; otherwise it queues the action, so actions
/// always run in the order scheduled. ``asyncInstance`` always queues.
///
/// On Linux the main queue runs only while the program hands the main thread to it: by
/// calling `dispatchMain()`, or by running the main run loop (`RunLoop.main.run()`; XCTest's
/// `wait(for:timeout:)` runs it too). A program whose main thread blocks or exits without doing
/// either never runs main-queue work. Code that only needs serial delivery off the main thread
/// should use ``SerialDispatchQueueScheduler``.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    private let pendingCount = Atomic<Int>(0)

    /// A scheduler on the main queue; prefer the shared ``instance``.
    public init() {
        super.init(serialQueue: .main)
    }

    /// The shared main-queue scheduler that runs at once when it may.
    public static let instance = MainScheduler()

    /// A main-queue scheduler that always queues, even when called on the main queue.
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: .main)

    /// Stops the program unless called on the main queue.
    ///
    /// - Parameter errorMessage: the message to stop with, instead of the default one.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        if !MainQueue.isCurrent {
            rxFatalError(
                errorMessage
                    ?? "executing off the main queue; use MainScheduler.instance.schedule to move work to the main queue"
            )
        }
    }

    /// Stops the program unless called on the main queue, for callers that speak of the main
    /// thread.
    ///
    /// - Parameter errorMessage: the message to stop with, instead of the default one.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        ensureExecutingOnScheduler(errorMessage: errorMessage ?? "running off the main thread")
    }

    override func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
        -> any Disposable
    {
        let queuedBefore = pendingCount.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue
        if queuedBefore == 0, MainQueue.isCurrent {
            defer { pendingCount.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
            return action(state)
        }
        let scheduled = ScheduledAction { action(state) }
        PendingWork.begin()
        configuration.queue.async {
            scheduled.run()
            self.pendingCount.wrappingSubtract(1, ordering: .sequentiallyConsistent)
            PendingWork.end()
        }
        return scheduled
    }
}
