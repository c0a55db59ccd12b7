import RxCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The virtual clock of ``HistoricalScheduler``: times are dates and intervals are seconds,
/// so converting is the identity.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType, Sendable {
    /// A point on the clock: a date.
    public typealias VirtualTimeUnit = RxTime

    /// A distance on the clock: seconds.
    public typealias VirtualTimeIntervalUnit = TimeInterval

    /// A converter; it has no configuration.
    public init() {}

    /// `virtualTime` itself.
    public func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime {
        virtualTime
    }

    /// `time` itself.
    public func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit {
        time
    }

    /// `virtualTimeInterval` itself.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval {
        virtualTimeInterval
    }

    /// `timeInterval` itself.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit {
        timeInterval
    }

    /// `time` moved by `offset` seconds.
    public func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit {
        time.addingTimeInterval(offset)
    }

    /// How the two dates compare.
    public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
        VirtualTimeComparison(comparing: lhs, with: rhs)
    }
}
