import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

private final class Owner: Sendable {
    let name: String

    init(name: String) {
        self.name = name
    }
}

final class WithUnretainedTests: RxTestCase {
    func testPairsEachElementWithTheObjectWhileItLives() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let owner = Owner(name: "owner")

        let res = scheduler.start { xs.withUnretained(owner).map { "\($0.0.name) \($0.1)" } }

        XCTAssertEqual(res.events, [.next(210, "owner 1"), .next(220, "owner 2"), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testCompletesAtTheFirstElementAfterTheObjectIsReleased() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(240, 3), .completed(300)])
        var owner: Owner? = Owner(name: "owner")
        weak let released = owner
        let unretained = xs.withUnretained(owner!) { object, value in "\(object.name) \(value)" }
        owner = nil

        // `owner` is released at once: the operator holds it weakly.
        let res = scheduler.start { unretained }

        XCTAssertNil(released)
        XCTAssertEqual(res.events, [.completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testReleasedWhileRunning() {
        let source = PublishSubject<Int>()
        var owner: Owner? = Owner(name: "owner")
        var received: [String] = []
        _ = source.withUnretained(owner!).subscribe(
            onNext: { received.append("\($0.0.name) \($0.1)") }, onCompleted: { received.append("completed") })

        source.onNext(1)
        owner = nil
        source.onNext(2)

        XCTAssertEqual(received, ["owner 1", "completed"])
        XCTAssertFalse(source.hasObservers)
    }

    func testWithMarblesAndErrors() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-^-b-c-|")
        let owner = Owner(name: "x")
        let res = scheduler.start { xs.withUnretained(owner) { $0.name + $1 } }
        assertMarbles(res, "--a-b-|", values: ["a": "xb", "b": "xc"])

        let other = TestScheduler(initialClock: 0)
        let failing = other.createHotObservable([.next(210, 1), .error(250, TestError.boom)])
        let failed = other.start { failing.withUnretained(owner) { _, value in value } }
        XCTAssertEqual(failed.events, [.next(210, 1), .error(250, TestError.boom)])
    }
}
