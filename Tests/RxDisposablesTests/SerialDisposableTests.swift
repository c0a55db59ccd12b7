import RxDisposables
import RxTestSupport
import Synchronization
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

    func testADisposableThatSetsTheHolderWhileBeingDisposedTakesEffect() {
        // The replaced disposable is disposed after the holder's lock: setting the holder from
        // its `dispose` neither deadlocks nor is lost.
        let serial = SerialDisposable()
        let replacement = TestDisposable()
        serial.disposable = Disposables.create { serial.disposable = replacement }
        serial.disposable = nil

        XCTAssertTrue(serial.disposable as? TestDisposable === replacement)
        XCTAssertEqual(replacement.disposeCount, 0)
        serial.dispose()
        XCTAssertEqual(replacement.disposeCount, 1)
    }

    func testADisposableThatReadsTheHolderWhenReleasedIsReleasedAfterTheLock() {
        let serial = SerialDisposable()
        let reads = HolderReadingOnRelease.Reads()
        serial.disposable = HolderReadingOnRelease(serial, reads: reads)
        serial.disposable = TestDisposable()
        XCTAssertEqual(reads.value, 1, "released on replacement")

        serial.disposable = HolderReadingOnRelease(serial, reads: reads)
        serial.dispose()
        XCTAssertEqual(reads.value, 2, "released on disposal")
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

/// A disposable that reads its holder when it is released, counting the reads in `reads`:
/// released under the holder's lock, it would deadlock.
private final class HolderReadingOnRelease: Disposable, Sendable {
    final class Reads: Sendable {
        private let count = Atomic<Int>(0)

        var value: Int {
            count.load(ordering: .acquiring)
        }

        func increment() {
            count.wrappingAdd(1, ordering: .releasing)
        }
    }

    private let holder: SerialDisposable
    private let reads: Reads

    init(_ holder: SerialDisposable, reads: Reads) {
        self.holder = holder
        self.reads = reads
    }

    func dispose() {}

    deinit {
        _ = holder.disposable
        reads.increment()
    }
}
