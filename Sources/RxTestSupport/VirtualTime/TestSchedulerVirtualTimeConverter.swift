import RxCore
import RxDisposables
import RxSchedulers

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The clock of a ``TestScheduler``: virtual times and intervals are whole ticks, and one tick
/// stands for `resolution` seconds of real time.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType, Sendable {
    /// A point on the clock, in ticks.
    public typealias VirtualTimeUnit = Int

    /// A distance on the clock, in ticks.
    public typealias VirtualTimeIntervalUnit = Int

    /// The real seconds one tick stands for.
    public let resolution: Double

    /// A clock whose tick lasts `resolution` seconds.
    ///
    /// - Precondition: `resolution` is finite and greater than zero.
    public init(resolution: Double) {
        rxPrecondition(
            resolution.isFinite && resolution > 0,
            "TestSchedulerVirtualTimeConverter: resolution must be a positive number of seconds, got \(resolution)")
        self.resolution = resolution
    }

    /// The date `virtualTime` ticks after 1970.
    public func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime {
        Date(timeIntervalSince1970: Double(virtualTime) * resolution)
    }

    /// The tick of `time`, rounded half up as RxTest does and clamped to the range of `Int`.
    public func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit {
        ticks(time.timeIntervalSince1970)
    }

    /// The seconds `virtualTimeInterval` ticks stand for.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval {
        Double(virtualTimeInterval) * resolution
    }

    /// The ticks of `timeInterval` seconds, rounded half up as RxTest does and clamped to the
    /// range of `Int`.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit {
        ticks(timeInterval)
    }

    /// `time` plus `offset`, clamped to the range of `Int`.
    public func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit {
        let (sum, overflow) = time.addingReportingOverflow(offset)
        guard overflow else { return sum }
        return offset > 0 ? .max : .min
    }

    /// How `lhs` compares to `rhs`.
    public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
        VirtualTimeComparison(comparing: lhs, with: rhs)
    }

    // RxTest adds one half and truncates (so -1.2 ticks becomes 0); keeping that rule keeps
    // virtual times identical to RxTest's. Out-of-range values saturate instead of trapping.
    private func ticks(_ seconds: Double) -> Int {
        let value = seconds / resolution + 0.5
        if value.isNaN { return 0 }
        if value >= Double(Int.max) { return .max }
        if value <= Double(Int.min) { return .min }
        return Int(value)
    }
}
