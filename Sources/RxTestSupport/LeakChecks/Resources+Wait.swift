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
    /// this bounded wait keeps leak checks exact without sleeping when nothing is pending. It
    /// gives up early when the count can no longer come back: nothing is in flight on the
    /// framework's real schedulers (no queued action, unfired timer or bridging task) and the
    /// count has stood still for a short settling time.
    public static func waitForTotal(toReturnTo baseline: Int32, timeout: DispatchTimeInterval = .seconds(2)) -> Int32 {
        LeakWait.wait(for: baseline, timeout: timeout).difference
    }

    /// Waits, up to `timeout`, for `Resources.total` to return to `baseline` without
    /// blocking a thread, and returns the difference that remains (zero when it returned). It
    /// gives up early, as the synchronous form does, when nothing is in flight.
    public static func waitForTotal(toReturnTo baseline: Int32, timeout: DispatchTimeInterval = .seconds(2)) async
        -> Int32
    {
        await LeakWait.wait(for: baseline, timeout: timeout).difference
    }
}

/// The wait behind the leak checks, and what it saw at its end.
struct LeakWait: Sendable {
    /// How long the count must stand still, with nothing in flight, before the wait gives up:
    /// long enough for a thread of the test's own (not a scheduler of the framework's) that
    /// has just fulfilled an expectation to finish releasing what it held.
    static let settlingTime: Duration = .milliseconds(300)

    /// `Resources.total - baseline` when the wait ended.
    let difference: Int32

    /// Whether the framework still had work in flight when the wait ended.
    let workInFlight: Bool

    /// Waits by sleeping the thread.
    static func wait(for baseline: Int32, timeout: DispatchTimeInterval) -> LeakWait {
        var progress = Progress(baseline: baseline, timeout: timeout)
        while !progress.isOver {
            usleep(1_000)
            progress.look()
        }
        return progress.result
    }

    /// Waits without blocking a thread.
    static func wait(for baseline: Int32, timeout: DispatchTimeInterval) async -> LeakWait {
        var progress = Progress(baseline: baseline, timeout: timeout)
        while !progress.isOver {
            try? await ContinuousClock().sleep(for: .milliseconds(1))
            progress.look()
        }
        return progress.result
    }

    /// The state of one wait: the count, whether work is in flight, and since when neither moved.
    private struct Progress {
        let baseline: Int32
        let deadline: ContinuousClock.Instant
        var difference: Int32
        var inFlight: Int
        var stillSince: ContinuousClock.Instant

        init(baseline: Int32, timeout: DispatchTimeInterval) {
            let now = ContinuousClock.now
            self.baseline = baseline
            deadline = now + .nanoseconds(timeout.nanoseconds ?? .max)
            difference = Resources.total - baseline
            inFlight = PendingWork.count
            stillSince = now
        }

        var isOver: Bool {
            let now = ContinuousClock.now
            return difference == 0 || now >= deadline || (inFlight == 0 && now - stillSince >= LeakWait.settlingTime)
        }

        var result: LeakWait {
            LeakWait(difference: difference, workInFlight: inFlight != 0)
        }

        mutating func look() {
            let newDifference = Resources.total - baseline
            let newInFlight = PendingWork.count
            if newDifference != difference || newInFlight != 0 {
                stillSince = .now
            }
            difference = newDifference
            inFlight = newInFlight
        }
    }
}
