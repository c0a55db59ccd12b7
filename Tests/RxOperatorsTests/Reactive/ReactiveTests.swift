import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// A user's type with a `.rx` namespace of its own.
private final class Thermostat: ReactiveCompatible {
    var target = 20.0 {
        didSet { changes.append((target, Thread.isMainThread)) }
    }
    private(set) var changes: [(value: Double, onMainThread: Bool)] = []
    var label = ""
}

/// What a user writes to give the namespace members of their own.
extension Reactive where Base: Thermostat {
    /// Sets the target from text, ignoring what is not a number; runs where it is called.
    fileprivate var targetText: Binder<String> {
        Binder(base, scheduler: CurrentThreadScheduler.instance) { thermostat, text in
            thermostat.target = Double(text) ?? thermostat.target
        }
    }

    /// The target, read through the namespace.
    fileprivate var currentTarget: Double {
        base.target
    }

    /// A static member, reached through `Thermostat.rx`.
    fileprivate static var comfortable: Double {
        21.5
    }
}

/// A value type can have the namespace too.
private struct Reading: ReactiveCompatible {
    var celsius: Double
}

extension Reactive where Base == Reading {
    fileprivate var fahrenheit: Double {
        base.celsius * 9 / 5 + 32
    }
}

/// `Reactive`, `ReactiveCompatible` and `Binder`.
final class ReactiveTests: RxTestCase {
    func testAUsersOwnRxExtensionCompilesAndWorks() {
        let thermostat = Thermostat()
        let subject = PublishSubject<String>()
        let subscription = subject.subscribe(thermostat.rx.targetText)

        subject.onNext("18.5")
        subject.onNext("warm")
        subject.onNext("22")

        XCTAssertEqual(thermostat.changes.map(\.value), [18.5, 18.5, 22])
        XCTAssertEqual(thermostat.rx.currentTarget, 22)
        XCTAssertTrue(thermostat.rx.base === thermostat)
        XCTAssertEqual(Thermostat.rx.comfortable, 21.5)
        XCTAssertEqual(Reading(celsius: 100).rx.fahrenheit, 212)
        XCTAssertEqual(Reactive(Reading(celsius: 0)).fahrenheit, 32)
        subscription.dispose()
    }

    func testTheRxSettersAcceptAssignmentAndChangeNothing() {
        var reading = Reading(celsius: 10)
        reading.rx = Reactive(Reading(celsius: 99))
        Reading.rx = Reactive<Reading>.self

        XCTAssertEqual(reading.celsius, 10)
    }

    func testABinderRunsItsBindingOnTheGivenScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let thermostat = Thermostat()
        var setAt: [TestTime] = []
        let binder = Binder<Double>(thermostat, scheduler: scheduler) { thermostat, value in
            thermostat.target = value
            setAt.append(scheduler.clock)
        }
        let xs = scheduler.createHotObservable([.next(210, 18.0), .next(220, 19.0), .completed(230)])

        var subscription: (any Disposable)?
        scheduler.scheduleAt(200) { subscription = xs.subscribe(binder) }
        scheduler.scheduleAt(300) { subscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(thermostat.changes.map(\.value), [18, 19])
        XCTAssertEqual(setAt, [211, 221], "the binding runs as an action of the scheduler, not in the delivery")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testAKeyPathBinderSetsThePropertyOnTheMainQueue() {
        let thermostat = Thermostat()
        let subject = PublishSubject<Double>()
        let subscription = subject.subscribe(thermostat.rx.target)
        let set = expectation(description: "the property was set")
        let finished = DispatchSemaphore(value: 0)

        DispatchQueue.global().async {
            subject.onNext(17)
            finished.signal()
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(thermostat.target, 20, "set before the main queue ran")
        // The binding was queued on the main queue before this block, so it has run by the time
        // this one does.
        DispatchQueue.main.async { set.fulfill() }
        wait(for: [set], timeout: 5)

        XCTAssertEqual(thermostat.changes.count, 1)
        XCTAssertEqual(thermostat.changes.first?.value, 17)
        XCTAssertEqual(thermostat.changes.first?.onMainThread, true)
        subscription.dispose()
    }

    func testAKeyPathBinderOnTheMainThreadSetsThePropertyAtOnce() {
        XCTAssertTrue(Thread.isMainThread)
        let thermostat = Thermostat()

        let subscription = Observable.of("kitchen", "hall").subscribe(thermostat.rx.label)

        XCTAssertEqual(thermostat.label, "hall")
        subscription.dispose()
    }

    func testABinderHoldsItsTargetWeaklyAndDoesNothingOnceItIsGone() {
        var thermostat: Thermostat? = Thermostat()
        weak let released = thermostat
        var calls = 0
        let binder = Binder<Double>(thermostat!, scheduler: CurrentThreadScheduler.instance) { thermostat, value in
            calls += 1
            thermostat.target = value
        }
        binder.onNext(1)
        thermostat = nil

        XCTAssertNil(released, "the binder kept its target alive")
        binder.onNext(2)
        binder.asObserver().onNext(3)
        XCTAssertEqual(calls, 1)
    }

    func testATargetReleasedBetweenTheElementAndTheScheduledBindingIsNotBound() {
        let scheduler = TestScheduler(initialClock: 0)
        var thermostat: Thermostat? = Thermostat()
        var calls = 0
        weak let target = thermostat
        let binder = Binder<Double>(thermostat!, scheduler: scheduler) { _, _ in calls += 1 }

        scheduler.scheduleAt(210) { binder.onNext(1) }
        scheduler.scheduleAt(210) { thermostat = nil }
        scheduler.start()

        XCTAssertNil(target, "neither the binder nor its scheduled binding keeps the target")
        XCTAssertEqual(calls, 0)
    }

    func testCompletionEndsNothingAndAsObserverBindsToo() {
        let thermostat = Thermostat()
        let binder = Binder<Double>(thermostat, scheduler: CurrentThreadScheduler.instance) { $0.target = $1 }

        binder.onCompleted()
        XCTAssertEqual(thermostat.changes.count, 0)
        binder.asObserver().onNext(30)
        binder.on(.next(31))

        XCTAssertEqual(thermostat.changes.map(\.value), [30, 31])
    }
}
