import Dispatch
import RxCore
import RxDisposables
import RxRelay
import RxSchedulers
import XCTest

@testable import RxTestSupport

/// A failed leak check names what usually causes a leak and how to fix it, and fails at once
/// when nothing the framework runs could still release the objects; while a scheduler of the
/// framework still has work in flight, it waits for it. The leaks here are provoked on purpose
/// and their failures captured, so these tests pass.
final class LeakReportTests: RxTestCase {
    func testAViewModelCapturingItselfThroughARelayGetsTheCausesAndTheFixesAtOnce() throws {
        try XCTSkipUnless(Resources.isTracking, "release builds count nothing")
        try waitUntilNothingIsInFlight()
        weak var leaked: SearchViewModel?
        var failures: [String] = []

        let elapsed = ContinuousClock().measure {
            failures = capturedFailures {
                assertNoLeaks(timeout: .seconds(5)) {
                    let model = SearchViewModel()
                    model.query.accept("rx")
                    leaked = model
                }
            }
        }
        // Break the cycle the test made, so that nothing outlives it.
        leaked?.bag = DisposeBag()

        XCTAssertNil(leaked)
        XCTAssertEqual(failures.count, 1)
        let message = failures.first ?? ""
        XCTAssertTrue(message.hasPrefix("2 framework objects still alive after the block"), message)
        XCTAssertTrue(
            message.contains("BehaviorRelay<String> ×1") || message.contains("SubscriptionObserver<String> ×1"), message
        )
        for fix in ["never disposed", "`DisposeBag`", "strong capture", "`[weak self]`", "`subscribe(with: self)"] {
            XCTAssertTrue(message.contains(fix), "\(fix) in \(message)")
        }
        XCTAssertFalse(message.contains("in flight"), message)
        // Nothing was in flight: the check gave up after its settling time, not its timeout.
        XCTAssertLessThan(elapsed, .seconds(2), "the check waited for nothing")
    }

    func testWorkInFlightOnASchedulerKeepsTheCheckWaitingAndIsNamed() throws {
        try XCTSkipUnless(Resources.isTracking, "release builds count nothing")
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "LeakReportTests")
        var timer: (any Disposable)?
        var failures: [String] = []

        let elapsed = ContinuousClock().measure {
            failures = capturedFailures {
                assertNoLeaks(timeout: .milliseconds(700)) {
                    // A timer far in the future, never disposed by the block, holds an observer.
                    let held = HeldObserver()
                    timer = scheduler.scheduleRelative(held, dueTime: .seconds(60)) { _ in Disposables.create() }
                }
            }
        }
        timer?.dispose()

        XCTAssertEqual(failures.count, 1)
        let message = failures.first ?? ""
        XCTAssertTrue(message.hasPrefix("1 framework object still alive after the block"), message)
        XCTAssertTrue(message.contains("work was still in flight on a scheduler"), message)
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(700), "the check waited its timeout for the work in flight")
    }

    func testObjectsReleasedByWorkInFlightPassTheCheck() throws {
        try XCTSkipUnless(Resources.isTracking, "release builds count nothing")
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "LeakReportTests")

        // The timer fires after more than twice the settling time and releases the observer it held.
        let failures = capturedFailures {
            assertNoLeaks(timeout: .seconds(10)) {
                _ = scheduler.scheduleRelative(HeldObserver(), dueTime: .milliseconds(700)) { _ in
                    Disposables.create()
                }
            }
        }

        XCTAssertEqual(failures, [])
    }

    /// Lets the main queue run what earlier tests left on it, then waits, bounded, until no
    /// scheduler of the framework has work in flight, so that a check's early end is this
    /// test's doing.
    private func waitUntilNothingIsInFlight() throws {
        let drained = expectation(description: "the main queue ran what was queued before")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 10)
        let deadline = ContinuousClock.now + .seconds(10)
        while PendingWork.count != 0, ContinuousClock.now < deadline {
            let turn = expectation(description: "a turn of the main queue")
            DispatchQueue.main.async { turn.fulfill() }
            wait(for: [turn], timeout: 1)
        }
        XCTAssertEqual(PendingWork.count, 0, "work left in flight by an earlier test")
    }
}

/// A view model of the kind the issue found leaking: its subscription's closure captures `self`
/// strongly, and `self` holds the subscription in its bag, so neither ever goes.
private final class SearchViewModel {
    let query = BehaviorRelay(value: "")
    var bag = DisposeBag()
    private(set) var searches: [String] = []

    init() {
        query.subscribe(onNext: { text in self.searches.append(text) }).disposed(by: bag)
    }
}

/// An observer that counts in `Resources.total` while something holds it.
private final class HeldObserver: ObserverBase<Int> {
    override func onCore(_ event: Event<Int>) {}
}
