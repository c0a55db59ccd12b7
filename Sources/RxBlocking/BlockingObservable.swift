import Foundation
import RxCore
import RxDisposables

/// An observable sequence read by blocking the calling thread: each of its methods subscribes
/// to the source, waits until the answer is known, and returns it.
///
/// Made by ``RxCore/ObservableConvertibleType/toBlocking(timeout:)``. Meant for tests, command
/// line tools and other code that may wait; never block a thread that must stay responsive.
///
/// How the wait treats the thread it blocks (the module overview has the details):
/// - On the main thread, outside main-queue work, the main run loop runs while waiting, so
///   work on the main queue (`MainScheduler`) still runs, the source's included.
/// - Inside an action of the calling thread's `CurrentThreadScheduler` trampoline, the work
///   the source queues on that trampoline runs on the calling thread before the wait.
/// - Anywhere else the thread simply sleeps until the events arrive from other threads.
public struct BlockingObservable<Element> {
    /// How long each method waits for its answer, in seconds; `nil` for as long as it takes.
    let timeout: TimeInterval?
    /// The sequence each method subscribes to.
    let source: Observable<Element>
}

extension ObservableConvertibleType {
    /// This sequence read by blocking the calling thread: its methods (`toArray()`, `first()`,
    /// `last()`, `single()`, `materialize()`) subscribe, wait for the answer and return it.
    ///
    /// - Parameter timeout: the longest each method waits, in seconds; when it runs out, the
    ///   method disposes its subscription and throws ``/RxCore/RxError/timeout`` (or
    ///   `materialize()` reports it as the failure). `nil`, the default, waits as long as it
    ///   takes; a timeout of zero or less still takes what the source sends while being
    ///   subscribed. Stops the program if `timeout` is not a number.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        if let timeout, timeout.isNaN {
            rxFatalError(
                "toBlocking(timeout:): the timeout is not a number (NaN); pass seconds, or nil to wait as long as it takes"
            )
        }
        return BlockingObservable(timeout: timeout, source: asObservable())
    }
}
