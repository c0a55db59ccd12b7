import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxCore
@testable import RxOperators

/// ``SteppingSink`` through its own API: a minimal subclass that sends the elements of an array,
/// one per step, then completes.
final class SteppingSinkTests: RxTestCase {
    final class Stepper<Observer: ObserverType>: SteppingSink<Observer> {
        private let elements: [Observer.Element]
        private var next = 0
        private(set) var steps = 0

        init(_ elements: [Observer.Element], observer: Observer) {
            self.elements = elements
            super.init(observer: observer, cancel: BooleanDisposable())
        }

        override func emitNext() -> Bool {
            steps += 1
            guard next < elements.count else {
                forwardCompletedAndDispose()
                return false
            }
            next += 1
            forwardNext(elements[next - 1])
            return true
        }
    }

    /// Records what each of several steppers sends, tagged with its name, in one log.
    final class Log: ObserverType {
        let name: String
        let entries: Box<[String]>

        init(_ name: String, into entries: Box<[String]>) {
            self.name = name
            self.entries = entries
        }

        func on(_ event: Event<Int>) {
            entries.value.append(event.element.map { "\(name)\($0)" } ?? "\(name)|")
        }
    }

    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    func testSendsEachElementInOrderThenCompletesOnTheTrampoline() {
        let recorder = NestingRecorder<Int>()
        let sink = Stepper([1, 2, 3], observer: recorder)

        let steps = sink.run(on: CurrentThreadScheduler.instance)

        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
        XCTAssertEqual(recorder.deepestNesting, 1, "a step never runs inside another")
        steps.dispose()
    }

    func testTwoSteppersOnTheTrampolineTakeTurnsAsRecursiveSchedulingWould() {
        let log = Box<[String]>([])
        let first = Stepper([1, 2, 3], observer: Log("a", into: log))
        let second = Stepper([1, 2], observer: Log("b", into: log))
        var steps: [any Disposable] = []

        // Both start inside one trampoline turn, so each step queues behind the other's.
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            steps.append(first.run(on: CurrentThreadScheduler.instance))
            steps.append(second.run(on: CurrentThreadScheduler.instance))
            return Disposables.create()
        }

        XCTAssertEqual(log.value, ["a1", "b1", "a2", "b2", "a3", "b|", "a|"])
        for step in steps { step.dispose() }
    }

    func testStopsSteppingOnceDisposed() {
        let recorder = NestingRecorder<Int>()
        let sink = Stepper([1, 2, 3, 4], observer: recorder)
        recorder.onEvent = { event in
            if event.element == 2 { sink.dispose() }
        }

        let steps = sink.run(on: CurrentThreadScheduler.instance)

        XCTAssertEqual(recorder.events, [.next(1), .next(2)])
        XCTAssertEqual(sink.steps, 2, "no step runs after disposal")
        recorder.stop()
        steps.dispose()
    }

    func testOnAnotherSchedulerEachStepIsOneScheduledAction() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        let sink = Stepper([1, 2], observer: observer)

        let steps = sink.run(on: scheduler)
        XCTAssertEqual(observer.events, [], "nothing is sent before the scheduler runs the steps")
        scheduler.start()

        // The test scheduler runs each scheduled action a tick after it was scheduled.
        XCTAssertEqual(observer.events, [.next(1, 1), .next(2, 2), .completed(3)])
        XCTAssertEqual(sink.steps, 3)
        steps.dispose()
    }

    func testDisposingWhatRunReturnedOnAnotherSchedulerCancelsTheSteps() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        let sink = Stepper([1, 2], observer: observer)

        sink.run(on: scheduler).dispose()
        scheduler.start()

        XCTAssertEqual(observer.events, [])
        XCTAssertEqual(sink.steps, 0)
    }
}
