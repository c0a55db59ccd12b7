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

/// The one path from the observed objects' registrars to a subscription, cut when the
/// subscription ends.
///
/// Tokens stay in a registrar until its object changes or goes, which may be long after the
/// subscription is disposed: through this link they hold the subscription only until then.
/// It also keeps the scheduled work the subscription must cancel on disposal, so that nothing
/// stays queued on the scheduler for a subscription that has ended.
final class TrackingLink: Sendable {
    // @unchecked Sendable: it exists only inside `state`'s lock; the receiver is a framework
    // object reached from whichever thread a change lands on, and a disposable may be disposed
    // from any thread.
    private struct State: @unchecked Sendable {
        var receiver: (any ChangeReceiver)?
        var pending: (any Disposable)?
        var pendingGeneration: UInt64 = 0
        var finishing: (any Disposable)?
        var detached = false
    }

    private let state = RxMutex(State())

    /// Connects the subscription, once, as it is made.
    func connect(_ receiver: any ChangeReceiver) {
        state.withLock { $0.receiver = receiver }
    }

    private var currentReceiver: (any ChangeReceiver)? {
        state.withLock { $0.detached ? nil : $0.receiver }
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
        // What to let go of once out of the lock: the read `action` replaces, or `action` itself
        // when the subscription has ended (then cancelled).
        let (cancel, replaced): (Bool, (any Disposable)?) = state.withLock { state in
            if state.detached { return (true, nil) }
            guard generation >= state.pendingGeneration else { return (false, nil) }
            defer {
                state.pending = action
                state.pendingGeneration = generation
            }
            return (false, state.pending)
        }
        _ = replaced
        if cancel {
            action.dispose()
        }
    }

    /// Keeps `action`, the scheduled completion, to cancel on disposal.
    func keepFinishing(_ action: any Disposable) {
        let (cancel, replaced): (Bool, (any Disposable)?) = state.withLock { state in
            if state.detached { return (true, nil) }
            defer { state.finishing = action }
            return (false, state.finishing)
        }
        _ = replaced
        if cancel {
            action.dispose()
        }
    }

    /// Cuts the link: no token reaches the subscription any more, and what it scheduled is
    /// cancelled.
    func detach() {
        let (receiver, pending, finishing): ((any ChangeReceiver)?, (any Disposable)?, (any Disposable)?) =
            state.withLock { state in
                state.detached = true
                return (state.receiver.take(), state.pending.take(), state.finishing.take())
            }
        pending?.dispose()
        finishing?.dispose()
        _ = receiver
    }
}
