import RxCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// @unchecked Sendable: inherited; the base class guards all state with its lock.
/// A ``VirtualTimeScheduler`` whose clock is a `Date`, for replaying recorded events at their
/// original times without waiting for them.
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>, @unchecked Sendable {
    /// A scheduler whose clock starts at `initialClock` (the 1970 epoch by default).
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }
}
