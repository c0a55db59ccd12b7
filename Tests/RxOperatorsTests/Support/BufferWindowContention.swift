import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `buffer(timeSpan:count:scheduler:)` and `window(timeSpan:count:scheduler:)` with the source
/// sending on one thread while their timers fire on a dispatch queue's: downstream (and every
/// window's subscriber) is called one event at a time, every element arrives once and in order,
/// there is one terminal event and nothing after it, and every sink is gone at the end, also
/// when the subscription is disposed from a third thread mid-stream. Run under
/// `swift test --sanitize=thread`.
///
/// What the tests of `buffer` and `window` under contention share; each operator's mirror file subclasses it.
class BufferWindowContentionTestCase: RxTestCase {
    let rounds = 30

    let count = 1_000

    // A timer due at once, so that the queue's thread fires it again and again while the source
    // sends.
    let span = RxTimeInterval.seconds(0)

    /// A dispatch queue's scheduler that counts the actions it has run, so that the source can
    /// wait for the timer to have fired before it goes on.
    final class FiringCounter: SchedulerType, Sendable {
        let base = SerialDispatchQueueScheduler(internalSerialQueueName: "buffer-window-stress")
        let fired = Counter()

        var now: RxTime { base.now }

        func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
            -> any Disposable
        {
            base.schedule(state) { [fired] state in
                defer { fired.increment() }
                return action(state)
            }
        }

        func scheduleRelative<StateType>(
            _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
        ) -> any Disposable {
            base.scheduleRelative(state, dueTime: dueTime) { [fired] state in
                defer { fired.increment() }
                return action(state)
            }
        }

        func schedulePeriodic<StateType>(
            _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
            action: @escaping (StateType) -> StateType
        ) -> any Disposable {
            base.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
        }
    }

    /// Sends `0..<total` then completion to `observer`, waiting (bounded) after every 25 elements
    /// for `scheduler` to have fired the timer at least once more, so that the timer keeps firing
    /// throughout; once `disposed` says the subscription is gone (and the timer with it), without
    /// waiting.
    static func send(
        _ total: Int, to observer: AnyObserver<Int>, interleavingWith scheduler: FiringCounter, sent: Counter? = nil,
        disposed: () -> Bool = { false }
    ) {
        var firedBefore = scheduler.fired.value
        for value in 0..<total {
            observer.onNext(value)
            sent?.increment()
            if value % 25 == 24 {
                waitUntil { scheduler.fired.value > firedBefore || disposed() }
                firedBefore = scheduler.fired.value
            }
        }
        observer.onCompleted()
    }

    /// A sequence whose single subscriber's observer is handed to the test, to send from any
    /// thread, and which counts how often its subscription is disposed.
    func capturedSource() -> (Observable<Int>, Locked<AnyObserver<Int>?>, Counter) {
        let kept = Locked<AnyObserver<Int>?>(nil)
        let disposals = Counter()
        let source = Observable<Int>.create { observer in
            kept.value = observer
            return Disposables.create { disposals.increment() }
        }
        return (source, kept, disposals)
    }

    /// Polls, for at most five seconds, until `condition` holds; returns whether it did. Between
    /// polls it yields the processor, which the queue's thread needs to fire the timer on two
    /// shared cores.
    @discardableResult
    static func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !condition() {
            if Date() >= deadline { return false }
            sched_yield()
        }
        return true
    }

    /// Subscribes to `windows`, and to each window as it arrives, recording every window's
    /// elements in `elements`, the windows' sizes and completions, and the windows' arrivals in
    /// `outer`. Returns the subscription to `windows` and those to the windows.
    ///
    /// The windows' subscriptions go into a composite: a window the timer's thread sends while the
    /// test disposes may be subscribed after the test has disposed the others, and the composite
    /// disposes it at once then.
    func subscribeToEveryWindow(
        _ windows: Observable<Observable<Int>>, outer: DeliveryProbe<Int>, elements: DeliveryProbe<Int>,
        sizes: Locked<[Int]>, completions: Counter
    ) -> (any Disposable, CompositeDisposable) {
        let windowSubscriptions = CompositeDisposable()
        let arrivals = Counter()
        let subscription = windows.subscribe(
            onNext: { window in
                let index = arrivals.increment() - 1
                outer.record(.next(index))
                sizes.mutate { $0.append(0) }
                let inner = window.subscribe(
                    onNext: { element in
                        sizes.mutate { $0[index] += 1 }
                        elements.record(.next(element))
                    },
                    onError: { elements.record(.error($0)) },
                    onCompleted: { completions.increment() })
                windowSubscriptions.insert(inner)
            },
            onError: { outer.record(.error($0)) },
            onCompleted: { outer.record(.completed) })
        return (subscription, windowSubscriptions)
    }
}
