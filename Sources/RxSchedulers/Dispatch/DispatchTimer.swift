import Dispatch
import RxDisposables

// @unchecked Sendable: `source` is read and cleared only under `lock`.
/// A dispatch timer source that is cancelled, and drops its handler, the first time it is
/// disposed.
final class DispatchTimer: Cancelable, @unchecked Sendable {
    private let lock = RxLock()
    private var source: (any DispatchSourceTimer)?

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
        self.source = source
        source.resume()
    }

    var isDisposed: Bool {
        lock.withLock { source == nil }
    }

    func dispose() {
        let cancelled: (any DispatchSourceTimer)? = lock.withLock {
            defer { source = nil }
            return source
        }
        cancelled?.cancel()
    }
}
