import Dispatch
import RxCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Resources {
    /// Waits, up to `timeout`, for `Resources.total` to return to `baseline`, and
    /// returns the difference that remains (zero when it returned).
    ///
    /// Objects released by another thread may go a moment after the test's last assertion;
    /// this bounded wait keeps leak checks exact without sleeping when nothing is pending.
    public static func waitForTotal(toReturnTo baseline: Int32, timeout: DispatchTimeInterval = .seconds(2)) -> Int32 {
        let deadline = DispatchTime.now() + timeout
        var difference = total - baseline
        while difference != 0, DispatchTime.now() < deadline {
            usleep(1_000)
            difference = total - baseline
        }
        return difference
    }

    /// Waits, up to `timeout`, for `Resources.total` to return to `baseline` without
    /// blocking a thread, and returns the difference that remains (zero when it returned).
    public static func waitForTotal(toReturnTo baseline: Int32, timeout: DispatchTimeInterval = .seconds(2)) async
        -> Int32
    {
        let clock = ContinuousClock()
        let deadline = clock.now + .nanoseconds(timeout.nanoseconds ?? .max)
        var difference = total - baseline
        while difference != 0, clock.now < deadline {
            try? await clock.sleep(for: .milliseconds(1))
            difference = total - baseline
        }
        return difference
    }
}
