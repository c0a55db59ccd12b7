import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestSupport

/// The time operators. `debounce` and `throttle` run on a `TestScheduler` with 100,000 elements
/// one tick apart, per element; their floor is the same source without the operator, so the
/// difference is what the operator adds. `delay` runs on a serial dispatch queue beside
/// OpenCombine's `delay` on a `DispatchQueue`.
package enum Time {
    static let elementsPerRun = 100_000

    /// `interval(1 tick).take(elementsPerRun)` through `operate`, on a fresh `TestScheduler` run
    /// to the end; the subscriber adds the last element it was sent when the sequence completes.
    private static func virtualRuns(
        elements: Int, _ operate: (Observable<Int>, TestScheduler) -> Observable<Int>
    ) -> Int {
        let total = Accumulator()
        for _ in 0..<elements / elementsPerRun {
            let scheduler = TestScheduler(initialClock: 0)
            let source = Observable<Int>.interval(.seconds(1), scheduler: scheduler).take(elementsPerRun)
            var last = 0
            let subscription = operate(source, scheduler)
                .subscribe(onNext: { last = $0 }, onCompleted: { total.sum &+= last })
            scheduler.start()
            subscription.dispose()
        }
        return total.sum
    }

    /// `debounce_virtual`: a 5-tick span, so each element restarts the timer and only the last
    /// one, at completion, is sent.
    static func debounceRx(elements: Int) -> Int {
        virtualRuns(elements: elements) { source, scheduler in
            source.debounce(.seconds(5), scheduler: scheduler)
        }
    }

    /// `throttle_virtual`: a 5-tick window, latest kept, so one element in five is sent.
    static func throttleRx(elements: Int) -> Int {
        virtualRuns(elements: elements) { source, scheduler in
            source.throttle(.seconds(5), scheduler: scheduler)
        }
    }

    /// The source alone: what both virtual scenarios pay before their operator.
    static func virtualSourceFloor(elements: Int) -> Int {
        virtualRuns(elements: elements) { source, _ in source }
    }

    /// The source, and per element what a debounce must at least do: schedule a 5-tick timer on
    /// the scheduler and cancel the one before. Its allocations are the scheduled timer's.
    static func debounceTimerFloor(elements: Int) -> Int {
        let total = Accumulator()
        for _ in 0..<elements / elementsPerRun {
            let scheduler = TestScheduler(initialClock: 0)
            let timer = SerialDisposable()
            var last = 0
            let subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler).take(elementsPerRun)
                .subscribe(
                    onNext: { element in
                        last = element
                        timer.disposable = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
                            Disposables.create()
                        }
                    },
                    onCompleted: {
                        timer.dispose()
                        total.sum &+= last
                    })
            scheduler.start()
            subscription.dispose()
        }
        return total.sum
    }

    static func virtualExpected(elements: Int) -> Int {
        elements / elementsPerRun * (elementsPerRun - 1)
    }

    package static let delayElementsPerRun = 1_000

    /// `delay_dispatch`: 1,000 elements sent from this thread through `delay(50 µs)` on a serial
    /// dispatch queue into a summing subscriber, per element; each run waits for completion.
    static func delayRx(elements: Int) -> Int {
        let total = Accumulator()
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "delay_dispatch.rx")
        for _ in 0..<elements / delayElementsPerRun {
            let done = DispatchSemaphore(value: 0)
            let subject = PublishSubject<Int>()
            let subscription = subject.delay(.microseconds(50), scheduler: scheduler)
                .subscribe(onNext: { total.sum &+= $0 }, onCompleted: { done.signal() })
            for element in 0..<delayElementsPerRun {
                subject.onNext(element)
            }
            subject.onCompleted()
            done.wait()
            subscription.dispose()
        }
        return total.sum
    }

    static func delayExpected(elements: Int) -> Int {
        elements / delayElementsPerRun * (delayElementsPerRun * (delayElementsPerRun - 1) / 2)
    }
}
