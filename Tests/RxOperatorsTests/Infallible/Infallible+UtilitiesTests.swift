import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

/// Infallible's sharing and side-effect operators, each the observable operator of the same
/// name under an infallible type.
final class InfallibleUtilitiesTests: RxTestCase {
    func testShareSubscribesOnceAndReplays() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(100)])
        let shared = xs.asInfallible(onErrorJustReturn: 0).share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = shared.asObservable().subscribe(first) }
        scheduler.scheduleAt(215) { _ = shared.asObservable().subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(300)])
        XCTAssertEqual(second.events, [.next(215, 1), .next(220, 2), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testShareForeverKeepsTheReplayBetweenConnections() {
        var first: [Int] = []
        var second: [Int] = []
        let shared = Infallible.of(1, 2).share(replay: 1, scope: .forever)

        _ = shared.subscribe(onNext: { first.append($0) })
        _ = shared.subscribe(onNext: { second.append($0) })

        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [2], "one subject serves every connection: it ended with the first, replaying its last")
    }

    func testDoRunsEachHandlerInOrderAsTheObservableDoes() {
        func run(_ make: (Observable<Int>, @escaping (String) -> Void) -> any Disposable) -> [String] {
            var log: [String] = []
            _ = make(Observable.of(1)) { log.append($0) }
            return log
        }

        let infallible = run { source, log in
            source.asInfallible(onErrorJustReturn: 0)
                .do(
                    onNext: { log("onNext \($0)") }, afterNext: { log("afterNext \($0)") },
                    onCompleted: { log("onCompleted") }, afterCompleted: { log("afterCompleted") },
                    onSubscribe: { log("onSubscribe") }, onSubscribed: { log("onSubscribed") },
                    onDispose: { log("onDispose") }
                )
                .subscribe(onNext: { log("next \($0)") }, onCompleted: { log("completed") })
        }
        let observable = run { source, log in
            source
                .do(
                    onNext: { log("onNext \($0)") }, afterNext: { log("afterNext \($0)") },
                    onCompleted: { log("onCompleted") }, afterCompleted: { log("afterCompleted") },
                    onSubscribe: { log("onSubscribe") }, onSubscribed: { log("onSubscribed") },
                    onDispose: { log("onDispose") }
                )
                .subscribe(onNext: { log("next \($0)") }, onCompleted: { log("completed") })
        }

        // `of` sends on the trampoline, after the subscription returned.
        XCTAssertEqual(
            infallible,
            [
                "onSubscribe", "onSubscribed", "onNext 1", "next 1", "afterNext 1", "onCompleted", "completed",
                "afterCompleted", "onDispose",
            ])
        XCTAssertEqual(infallible, observable)
    }

    func testDebugPrintsAndPassesEventsUnchanged() {
        var res: TestableObserver<Int>?
        let lines = printedDebugLines {
            res = TestScheduler(initialClock: 0).start { Infallible.of(1, 2).debug("inf", trimOutput: true) }
        }

        XCTAssertEqual(res?.events, [.next(200, 1), .next(200, 2), .completed(200)])
        XCTAssertEqual(
            lines,
            [
                "inf -> subscribed", "inf -> Event next(1)", "inf -> Event next(2)", "inf -> Event completed",
                "inf -> isDisposed",
            ])
    }

    func testDebugLogsEachEventWithItsIdentifier() {
        var lines: [String] = []

        _ = Infallible.just(7).debug("probe", trimOutput: false, file: "", line: 0, function: "") { lines.append($0) }
            .subscribe()

        XCTAssertTrue(lines.contains { $0.contains("probe -> Event next(7)") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("probe -> Event completed") }, "\(lines)")
    }
}
