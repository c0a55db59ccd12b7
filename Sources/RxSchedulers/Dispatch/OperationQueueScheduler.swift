import Foundation
import RxCore
import RxDisposables

// @unchecked Sendable: both properties are constants; OperationQueue is thread-safe.
/// Runs work as operations on an `OperationQueue`, so the queue's limits apply: its
/// `maxConcurrentOperationCount` bounds how many actions run at once (one makes it serial),
/// and `queuePriority` orders this scheduler's operations among others waiting.
///
/// Disposing an action that has not started cancels its operation and releases the action
/// at once.
public class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    /// The queue actions run on.
    public let operationQueue: OperationQueue

    /// The priority each scheduled operation gets.
    public let queuePriority: Operation.QueuePriority

    /// A scheduler adding operations of priority `queuePriority` to `operationQueue`.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Adds an operation that runs `action` with `state`.
    ///
    /// - Returns: a disposable that cancels the operation if it has not started, or disposes
    ///   what the action returned.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
        -> any Disposable
    {
        let scheduled = ScheduledAction { action(state) }
        // In flight until the operation has run, or is cancelled: leak checks wait for it.
        let pending = PendingWorkToken()
        let operation = BlockOperation {
            scheduled.run()
            pending.dispose()
        }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        let cancelOperation = UncheckedSendable(operation)
        return Disposables.create(
            scheduled,
            Disposables.create {
                cancelOperation.value.cancel()
                pending.dispose()
            })
    }
}
