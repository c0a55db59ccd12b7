import RxCore
import RxTestHelpers
import XCTest

@testable import RxTestSupport

/// The assertions and equality for the traits' events (`SingleEvent`, `MaybeEvent`,
/// `CompletableEvent`), and RxTest's spellings of every assertion, called by reference.
final class TraitEventAssertionTests: RxTestCase {
    func testEqualTraitEventListsPass() {
        let failures = capturedFailures {
            XCTAssertEqual(
                [SingleEvent<Int>.success(1), .failure(TestError.boom)], [.success(1), .failure(TestError.boom)])
            XCTAssertEqual(
                [MaybeEvent.success("a"), .completed, .error(TestError.boom)],
                [.success("a"), .completed, .error(TestError.boom)])
            XCTAssertEqual(
                [CompletableEvent.completed, .error(TestError.other)], [.completed, .error(TestError.other)])
        }
        XCTAssertEqual(failures, [])
    }

    func testSingleEventsDifference() {
        let failures = capturedFailures {
            XCTAssertEqual([SingleEvent<Int>.success(1)], [.success(2)], "single")
            XCTAssertEqual([SingleEvent<Int>.failure(TestError.boom)], [.failure(TestError.other)])
        }
        XCTAssertEqual(
            failures,
            [
                """
                XCTAssertEqual failed: the events differ - single
                lhs: [success(1)]
                rhs: [success(2)]
                differences:
                  [0] lhs: success(1)
                      rhs: success(2)
                """,
                """
                XCTAssertEqual failed: the events differ
                lhs: [failure(RxTestHelpers.TestError.boom)]
                rhs: [failure(RxTestHelpers.TestError.other)]
                differences:
                  [0] lhs: failure(RxTestHelpers.TestError.boom)
                      rhs: failure(RxTestHelpers.TestError.other)
                """,
            ])
    }

    func testMaybeAndCompletableEventsDifference() {
        let failures = capturedFailures {
            XCTAssertEqual([MaybeEvent<Int>.completed], [.success(3)])
            XCTAssertEqual([CompletableEvent.completed], [.completed, .completed])
        }
        XCTAssertEqual(failures.count, 2)
        XCTAssertTrue(failures[0].contains("[0] lhs: completed\n      rhs: success(3)"), failures[0])
        XCTAssertTrue(failures[1].contains("[1] lhs: (none)\n      rhs: completed"), failures[1])
    }

    func testTraitEventEqualityComparesErrorsByRxTestsRule() {
        XCTAssertEqual(MaybeEvent<Int>.success(1), .success(1))
        XCTAssertNotEqual(MaybeEvent<Int>.success(1), .success(2))
        XCTAssertNotEqual(MaybeEvent<Int>.success(1), .completed)
        XCTAssertEqual(MaybeEvent<Int>.error(TestError.boom), .error(TestError.boom))
        XCTAssertNotEqual(MaybeEvent<Int>.error(TestError.boom), .error(TestError.other))
        XCTAssertEqual(CompletableEvent.error(TestError.boom), .error(TestError.boom))
        XCTAssertNotEqual(CompletableEvent.error(TestError.boom), .completed)
    }

    /// Each of RxTest's assertions, by its RxTest name: the references compile, and a call
    /// through one reports as the form with a message does.
    func testRxTestSpellingsByReference() {
        let events: ([Event<Int>], [Event<Int>], StaticString, UInt) -> Void = XCTAssertEqual(_:_:file:line:)
        let recorded: ([Recorded<Event<Int>>], [Recorded<Event<Int>>], StaticString, UInt) -> Void =
            XCTAssertEqual(_:_:file:line:)
        let optionals: ([Recorded<Event<Int?>>], [Recorded<Event<Int?>>], StaticString, UInt) -> Void =
            XCTAssertEqual(_:_:file:line:)
        let singles: ([SingleEvent<Int>], [SingleEvent<Int>], StaticString, UInt) -> Void =
            XCTAssertEqual(_:_:file:line:)
        let maybes: ([MaybeEvent<Int>], [MaybeEvent<Int>], StaticString, UInt) -> Void =
            XCTAssertEqual(_:_:file:line:)
        let completables: ([CompletableEvent], [CompletableEvent], StaticString, UInt) -> Void =
            XCTAssertEqual(_:_:file:line:)
        let elements: ([Recorded<Event<Int>>], [Int], StaticString, UInt) -> Void =
            XCTAssertRecordedElements(_:_:file:line:)

        let failures = capturedFailures {
            events([.next(1)], [.next(2)], #file, #line)
            recorded([.next(10, 1)], [.next(10, 1)], #file, #line)
            optionals([.next(10, nil)], [.next(10, 1)], #file, #line)
            singles([.success(1)], [.success(1)], #file, #line)
            maybes([.completed], [.completed], #file, #line)
            completables([.completed], [.error(TestError.boom)], #file, #line)
            elements([.next(10, 1)], [1], #file, #line)
        }

        XCTAssertEqual(failures.count, 3)
        XCTAssertTrue(failures[0].hasPrefix("XCTAssertEqual failed: the events differ"), failures[0])
        XCTAssertTrue(failures[1].hasPrefix("XCTAssertEqual failed: the recorded events differ"), failures[1])
        XCTAssertTrue(failures[2].contains("rhs: error(RxTestHelpers.TestError.boom)"), failures[2])
    }

    func testRecordedAndSubscriptionEquality() {
        XCTAssertTrue(Recorded.next(10, 1) == Recorded.next(10, 1))
        XCTAssertFalse(Recorded.next(10, 1) == Recorded.next(11, 1))
        XCTAssertFalse(Recorded.next(10, 1) == Recorded.next(10, 2))
        XCTAssertTrue(Subscription(200, 300) == Subscription(200, 300))
        XCTAssertFalse(Subscription(200, 300) == Subscription(200))
        XCTAssertEqual(Set([Subscription(200, 300), Subscription(200, 300), Subscription(200)]).count, 2)
    }

    func testTheRxTestInitializerMakesFramesOfTenTicks() throws {
        let make: (TestTime, Double, Bool) -> TestScheduler = TestScheduler.init(
            initialClock:resolution:simulateProcessingDelay:)
        let scheduler = make(5, 0.5, false)

        XCTAssertEqual(scheduler.clock, 5)
        // Each setting shows in what the scheduler does: a second is two ticks of half a second,
        // work for now runs now, and a frame of a marble diagram is ten ticks.
        var ranAt: [TestTime] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
            ranAt.append(scheduler.clock)
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { _ in
            ranAt.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(ranAt, [5, 7])
        XCTAssertEqual(try scheduler.marbleEvents("-a", subscribed: 0), [.next(10, "a")])
    }
}
