import RxCore
import RxDisposables

/// What a subscription's ``ChangeToken``s reach it through, and what it keeps to cancel: the
/// read or the completion it has scheduled.
protocol ChangeReceiver: AnyObject {
    /// A property the latest evaluation read is about to change; `token` is that evaluation's.
    func changeWillLand(_ token: ChangeToken)
    /// Every object the latest evaluation read is gone.
    func trackedObjectsWent()
}

// @unchecked Sendable: `receiver`, `pending`, `pendingGeneration`, `finishing` and `detached`
// are touched only under `lock`.
/// The one path from the observed objects' registrars to a subscription, cut when the
/// subscription ends.
///
/// Tokens stay in a registrar until its object changes or goes, which may be long after the
/// subscription is disposed: through this link they hold the subscription only until then.
/// It also keeps the scheduled work the subscription must cancel on disposal, so that nothing
/// stays queued on the scheduler for a subscription that has ended.
final class TrackingLink: @unchecked Sendable {
    private let lock = RxLock()
    private var receiver: (any ChangeReceiver)?
    private var pending: (any Disposable)?
    private var pendingGeneration: UInt64 = 0
    private var finishing: (any Disposable)?
    private var detached = false

    /// Connects the subscription, once, as it is made.
    func connect(_ receiver: any ChangeReceiver) {
        lock.withLockUnchecked { self.receiver = receiver }
    }

    private var currentReceiver: (any ChangeReceiver)? {
        // The receiver is a framework object; sharing the reference is what the link is for.
        lock.withLockUnchecked { detached ? nil : receiver }
    }

    func changeWillLand(_ token: ChangeToken) {
        currentReceiver?.changeWillLand(token)
    }

    func trackedObjectsWent() {
        currentReceiver?.trackedObjectsWent()
    }

    /// Keeps `action`, the read scheduled for the change of the arming `generation`, to cancel
    /// on disposal; cancels it at once when the subscription has ended. An older arming's read
    /// has already run by the time a newer arming exists, so it is dropped, never kept over a
    /// newer one whose scheduling call returned first.
    func keep(_ action: any Disposable, generation: UInt64) {
        // What to let go of once out of the lock: `action` itself, unless it is kept, and then
        // the read it replaces. Swapped rather than returned, so that no existential is copied.
        var outside: (any Disposable)? = action
        let cancel = lock.withLock { () -> Bool in
            if detached { return true }
            guard generation >= pendingGeneration else { return false }
            swap(&outside, &pending)
            pendingGeneration = generation
            return false
        }
        if cancel {
            outside?.dispose()
        }
    }

    /// Keeps `action`, the scheduled completion, to cancel on disposal.
    func keepFinishing(_ action: any Disposable) {
        var outside: (any Disposable)? = action
        let cancel = lock.withLock { () -> Bool in
            if detached { return true }
            swap(&outside, &finishing)
            return false
        }
        if cancel {
            outside?.dispose()
        }
    }

    /// Cuts the link: no token reaches the subscription any more, and what it scheduled is
    /// cancelled.
    func detach() {
        let (receiver, pending, finishing): ((any ChangeReceiver)?, (any Disposable)?, (any Disposable)?) =
            lock.withLockUnchecked {
                detached = true
                defer {
                    self.receiver = nil
                    self.pending = nil
                    self.finishing = nil
                }
                return (self.receiver, self.pending, self.finishing)
            }
        pending?.dispose()
        finishing?.dispose()
        _ = receiver
    }
}
