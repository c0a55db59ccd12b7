import Dispatch
import RxDisposables

/// A dispatch timer source that is cancelled, and drops its handler, the first time it is
/// disposed.
final class DispatchTimer: Cancelable, Sendable {
    // @unchecked Sendable: it exists only inside `source`'s lock, and a dispatch source may be
    // cancelled from any thread.
    private struct Source: @unchecked Sendable {
        var timer: (any DispatchSourceTimer)?
    }

    private let source: RxMutex<Source>

    /// Creates, arms and starts a timer that calls `handler` on `queue` at `deadline` and then
    /// every `repeating` (`.never` fires once). The timer never runs its handler concurrently
    /// with itself, even on a concurrent queue.
    init(
        queue: DispatchQueue, deadline: DispatchTime, repeating: DispatchTimeInterval, leeway: DispatchTimeInterval,
        handler: @escaping @Sendable () -> Void
    ) {
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.setEventHandler(handler: handler)
        source.schedule(deadline: deadline, repeating: repeating, leeway: leeway)
        self.source = RxMutex(Source(timer: source))
        source.resume()
    }

    var isDisposed: Bool {
        source.withLock { $0.timer == nil }
    }

    func dispose() {
        let cancelled: (any DispatchSourceTimer)? = source.withLock { $0.timer.take() }
        cancelled?.cancel()
    }
}
