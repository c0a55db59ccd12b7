import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A span of time for schedulers: `.seconds(1)`, `.milliseconds(10)`, `.never` and so on.
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time, as schedulers report it through `now`.
public typealias RxTime = Date

extension DispatchTimeInterval {
    /// The interval in nanoseconds, saturating at the bounds of `Int64`; `nil` for `.never`.
    package var nanoseconds: Int64? {
        switch self {
        case .seconds(let value): saturated(Int64(value), times: 1_000_000_000)
        case .milliseconds(let value): saturated(Int64(value), times: 1_000_000)
        case .microseconds(let value): saturated(Int64(value), times: 1_000)
        case .nanoseconds(let value): Int64(value)
        case .never: nil
        @unknown default: nil
        }
    }

    /// The interval in seconds; `nil` for `.never`.
    package var seconds: Double? {
        nanoseconds.map { Double($0) / 1_000_000_000 }
    }
}

/// Clamps a multiplication that overflowed to the bound on the side it overflowed towards.
private func saturated(_ value: Int64, times factor: Int64) -> Int64 {
    let (result, overflow) = value.multipliedReportingOverflow(by: factor)
    guard overflow else { return result }
    return value < 0 ? .min : .max
}
