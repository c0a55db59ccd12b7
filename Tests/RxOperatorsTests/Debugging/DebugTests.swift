import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

final class DebugTests: RxTestCase {
    /// The lines `debug` wrote, without their timestamps, after checking the timestamps' shape.
    private func contents(of lines: [String], file: StaticString = #filePath, line: UInt = #line) -> [String] {
        lines.map { text in
            let stamp = text.prefix(23)
            let digits = stamp.filter(\.isNumber).count
            XCTAssertEqual(digits, 17, "timestamp of \(text)", file: file, line: line)
            XCTAssertEqual(
                stamp.map { $0.isNumber ? "9" : String($0) }.joined(), "9999-99-99 99:99:99.999", file: file,
                line: line)
            return String(text.dropFirst(25))
        }
    }

    func testLogsSubscriptionEventsAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        var lines: [String] = []

        let res = scheduler.start {
            xs.debug("numbers", trimOutput: false, file: "", line: 0, function: "") { lines.append($0) }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(
            contents(of: lines),
            [
                "numbers -> subscribed", "numbers -> Event next(1)", "numbers -> Event completed",
                "numbers -> isDisposed",
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testLogsErrorsAndDisposalMidStreamOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.error(250, TestError.boom, Int.self)])
        let endless = scheduler.createHotObservable([.next(210, 1)])
        var failingLines: [String] = []
        var endlessLines: [String] = []

        let failed = scheduler.createObserver(Int.self)
        let disposed = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = failing.debug("failing", trimOutput: false, file: "", line: 0, function: "") {
                failingLines.append($0)
            }
            .subscribe(failed)
            let subscription = endless.debug("endless", trimOutput: false, file: "", line: 0, function: "") {
                endlessLines.append($0)
            }
            .subscribe(disposed)
            scheduler.scheduleAt(300) {
                subscription.dispose()
                subscription.dispose()
            }
        }
        scheduler.start()

        XCTAssertEqual(
            contents(of: failingLines),
            ["failing -> subscribed", "failing -> Event error(boom)", "failing -> isDisposed"])
        XCTAssertEqual(
            contents(of: endlessLines), ["endless -> subscribed", "endless -> Event next(1)", "endless -> isDisposed"])
        XCTAssertEqual(failed.events, [.error(250, TestError.boom)])
        XCTAssertEqual(disposed.events, [.next(210, 1)])
    }

    func testTrimsLongEventsInTheMiddle() {
        let long = String(repeating: "a", count: 30) + String(repeating: "z", count: 30)
        var lines: [String] = []

        _ = Observable.just(long).debug("t", trimOutput: true, file: "", line: 0, function: "") { lines.append($0) }
            .subscribe()

        XCTAssertEqual(contents(of: lines)[1], "t -> Event next(aaaaaaaaaaaaaaa...zzzzzzzzzzzzzzzzzzz)")
    }

    func testShortEventsAreNotTrimmed() {
        var lines: [String] = []

        _ = Observable.just("short").debug("t", trimOutput: true, file: "", line: 0, function: "") {
            lines.append($0)
        }
        .subscribe()

        XCTAssertEqual(contents(of: lines)[1], "t -> Event next(short)")
    }

    func testTheDefaultIdentifierNamesTheFileLineAndFunction() {
        var lines: [String] = []

        _ = Observable.just(1).debug(
            nil, trimOutput: false, file: "Module/Folder/Place.swift", line: 12, function: "run()"
        ) {
            lines.append($0)
        }
        .subscribe()

        XCTAssertEqual(contents(of: lines).first, "Place.swift:12 (run()) -> subscribed")
    }

    func testThePublicSpellingPassesEventsThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])

        var res: TestableObserver<Int>?
        var debugLine: UInt = 0
        let lines = printedDebugLines {
            debugLine = #line + 1
            res = scheduler.start { xs.debug() }
        }

        XCTAssertEqual(res?.events, [.next(210, 1), .completed(250)])
        let name = "DebugTests.swift:\(debugLine) (testThePublicSpellingPassesEventsThrough())"
        XCTAssertEqual(
            lines, ["subscribed", "Event next(1)", "Event completed", "isDisposed"].map { "\(name) -> \($0)" })
    }
}
