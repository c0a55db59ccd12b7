import RxDisposables

/// Where one run submitted by a ``RecursiveSchedulingGroup`` stands: not yet registered in the
/// group, registered under a key, or already run (so it needs no key).
///
/// The run may start on another thread before `submit` has registered it, which is why the
/// group reads and writes `phase` only under its lock.
final class RecursiveScheduleEntry {
    enum Phase {
        case initial
        case added(CompositeDisposable.DisposeKey)
        case done
    }

    var phase = Phase.initial
}
