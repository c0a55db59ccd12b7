import RxDisposables
import RxTestSupport
import XCTest

final class SerialDisposableTests: RxTestCase {
    func testStartsEmpty() {
        let serial = SerialDisposable()
        XCTAssertNil(serial.disposable)
        XCTAssertFalse(serial.isDisposed)
    }

    func testReplacingDisposesTheOldOne() {
        let serial = SerialDisposable()
        let first = TestDisposable()
        let second = TestDisposable()

        serial.disposable = first
        XCTAssertTrue(serial.disposable as? TestDisposable === first)
        serial.disposable = second
        XCTAssertEqual(first.disposeCount, 1)
        XCTAssertEqual(second.disposeCount, 0)
        XCTAssertTrue(serial.disposable as? TestDisposable === second)
    }

    func testSettingNilDisposesTheCurrentOne() {
        let serial = SerialDisposable()
        let first = TestDisposable()
        serial.disposable = first
        serial.disposable = nil

        XCTAssertEqual(first.disposeCount, 1)
        XCTAssertNil(serial.disposable)
        XCTAssertFalse(serial.isDisposed)
    }

    func testDisposeDisposesTheCurrentOneOnce() {
        let serial = SerialDisposable()
        let current = TestDisposable()
        serial.disposable = current
        serial.dispose()
        serial.dispose()

        XCTAssertTrue(serial.isDisposed)
        XCTAssertEqual(current.disposeCount, 1)
        XCTAssertNil(serial.disposable)
    }

    func testSettingAfterDisposeDisposesTheNewOneAtOnce() {
        let serial = SerialDisposable()
        serial.dispose()
        let late = TestDisposable()
        serial.disposable = late

        XCTAssertEqual(late.disposeCount, 1)
        XCTAssertNil(serial.disposable, "a disposed holder keeps nothing")
    }

    func testReleasesTheHeldDisposableWhenDisposedOrReplaced() {
        var first: Token? = Token()
        var second: Token? = Token()
        weak let weakFirst = first
        weak let weakSecond = second
        let serial = SerialDisposable()
        serial.disposable = Disposables.create { [first] in _ = first }
        serial.disposable = Disposables.create { [second] in _ = second }
        first = nil
        second = nil

        XCTAssertNil(weakFirst, "the replaced disposable is released")
        XCTAssertNotNil(weakSecond)
        serial.dispose()
        XCTAssertNil(weakSecond)
    }

    func testConcurrentAssignmentsDisposeEveryDisposableExactlyOnce() {
        let serial = SerialDisposable()
        let members = (0..<800).map { _ in TestDisposable() }
        DispatchQueue.concurrentPerform(iterations: 8) { chunk in
            for index in stride(from: chunk, to: members.count, by: 8) {
                serial.disposable = members[index]
            }
        }
        XCTAssertEqual(members.filter { $0.disposeCount == 0 }.count, 1, "only the last one set is still held")
        serial.dispose()
        XCTAssertEqual(members.map(\.disposeCount), Array(repeating: 1, count: members.count))
    }

    func testAssignmentsRacingDisposeDisposeEveryDisposableExactlyOnce() {
        for _ in 0..<50 {
            let serial = SerialDisposable()
            let members = (0..<40).map { _ in TestDisposable() }
            DispatchQueue.concurrentPerform(iterations: 5) { chunk in
                if chunk == 4 {
                    serial.dispose()
                    return
                }
                for index in stride(from: chunk, to: members.count, by: 4) {
                    serial.disposable = members[index]
                }
            }
            serial.dispose()
            XCTAssertEqual(members.map(\.disposeCount), Array(repeating: 1, count: members.count))
        }
    }
}
