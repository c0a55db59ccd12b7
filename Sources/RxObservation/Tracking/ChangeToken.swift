import RxCore
import Synchronization

/// One arming of `withObservationTracking` for one subscription: what its change handler
/// captures, and so what the observed objects' registrars hold until the change comes.
///
/// Its life tells the subscription two things. Its handler runs when one of the properties read
/// is about to change (``changeWillLand()``). And when it is released without that having
/// happened, nothing holds it any more: every object the evaluation read is gone, so nothing it
/// read can change again (``deinit``). It reaches the subscription only through the
/// ``TrackingLink``, which the subscription cuts when it ends, so a token left in a registrar
/// after disposal keeps nothing of the subscription alive.
final class ChangeToken: Sendable {
    let link: TrackingLink
    /// Which evaluation armed it, counting from 1: the link keeps only the latest one's
    /// scheduled read (``TrackingLink/keep(_:generation:)``).
    let generation: UInt64
    private let phase = Atomic<UInt8>(Phase.armed)
    /// While the change handler asks the scheduler for the read: the thread asking; with bit 0
    /// set once the scheduler ran the read on that thread before returning, which would read in
    /// `willSet`, before the change lands.
    let scheduling = Atomic<UInt>(0)

    private enum Phase {
        static let armed: UInt8 = 0
        static let fired: UInt8 = 1
        static let withdrawn: UInt8 = 2
    }

    init(link: TrackingLink, generation: UInt64) {
        self.link = link
        self.generation = generation
    }

    /// The change handler to install, made only when the evaluation read something tracked:
    /// `withObservationTracking` evaluates its `onChange` argument only then, and this notes it
    /// in `installed`.
    func handler(noting installed: inout Bool) -> @Sendable () -> Void {
        installed = true
        return { [self] in changeWillLand() }
    }

    /// A property the evaluation read is about to change (its `willSet`): the first call asks
    /// the subscription for a read; a token fires once.
    func changeWillLand() {
        guard
            phase.compareExchange(expected: Phase.armed, desired: Phase.fired, ordering: .acquiringAndReleasing)
                .exchanged
        else { return }
        link.changeWillLand(self)
    }

    /// The subscription lets go of this arming itself (the evaluation tracked nothing, or the
    /// sequence ended): its release then means nothing.
    func withdraw() {
        _ = phase.compareExchange(expected: Phase.armed, desired: Phase.withdrawn, ordering: .acquiringAndReleasing)
    }

    deinit {
        // Released unfired and not withdrawn: the registrars that held it are gone with their
        // objects. Called on the thread that released the last of them, perhaps in its deinit.
        if phase.load(ordering: .acquiring) == Phase.armed {
            link.trackedObjectsWent()
        }
    }
}
