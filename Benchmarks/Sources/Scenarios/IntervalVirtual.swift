import RxCore
import RxOperators
import RxTestSupport

/// `interval_virtual`: a periodic source on virtual time, 100,000 ticks per scheduler, per tick.
enum IntervalVirtual {
    static let ticksPerRun = 100_000

    /// `interval(1 s)` on a fresh `TestScheduler` (one tick per second) advanced to 100,000.
    static func rx(ticks: Int) -> Int {
        let total = Accumulator()
        for _ in 0..<ticks / ticksPerRun {
            let scheduler = TestScheduler(initialClock: 0)
            let subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
                .subscribe(onNext: { total.sum &+= $0 })
            scheduler.advanceTo(ticksPerRun)
            subscription.dispose()
        }
        return total.sum
    }

    /// A loop that advances a clock and calls the periodic action and the sink once per tick.
    static func floor(ticks: Int) -> Int {
        let total = Accumulator()
        let sink: (Int) -> Void = opaque { total.sum &+= $0 }
        let periodic: (Int) -> Int = opaque {
            sink($0)
            return $0 &+ 1
        }
        for _ in 0..<ticks / ticksPerRun {
            var clock = 0
            var state = 0
            while clock < ticksPerRun {
                clock += 1
                state = periodic(state)
            }
        }
        return total.sum
    }

    static func expected(ticks: Int) -> Int {
        ticks / ticksPerRun * shiftedSum(count: ticksPerRun, offset: 0)
    }
}
