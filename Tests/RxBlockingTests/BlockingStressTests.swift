import Dispatch
import RxBlocking
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

/// A blocked reader and a source on other threads; run under `--sanitize=thread`.
final class BlockingStressTests: RxTestCase {
    /// A source that sends `count` elements and then completes from a thread of its own, once
    /// per subscription, reporting the end of its thread to `finished`.
    private static func sourceOnItsOwnThread(count: Int, finished: DispatchGroup) -> Observable<Int> {
        Observable.create { observer in
            let stopped = Atomic<Bool>(false)
            let sending = UncheckedSendable(observer)
            finished.enter()
            DispatchQueue.global().async {
                var value = 0
                while value < count, !stopped.load(ordering: .acquiring) {
                    sending.value.onNext(value)
                    value += 1
                }
                sending.value.onCompleted()
                finished.leave()
            }
            return Disposables.create { stopped.store(true, ordering: .releasing) }
        }
    }

    func testElementsSentFromAnotherThreadWhileTheReaderIsBlockedAllArriveInOrder() throws {
        let finished = DispatchGroup()
        for _ in 0..<50 {
            let source = Self.sourceOnItsOwnThread(count: 2_000, finished: finished)
            XCTAssertEqual(try source.toBlocking(timeout: 30).toArray(), Array(0..<2_000))
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success)
    }

    func testFirstAndSingleStopASourceThatKeepsSendingFromAnotherThread() throws {
        let finished = DispatchGroup()
        for _ in 0..<50 {
            let source = Self.sourceOnItsOwnThread(count: .max, finished: finished)
            XCTAssertEqual(try source.toBlocking(timeout: 30).first(), 0)
            XCTAssertThrowsError(try source.toBlocking(timeout: 30).single())
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success)
    }

    func testReadersOnSeveralThreadsAtOnceEachGetTheirOwnAnswer() {
        let finished = DispatchGroup()
        let readers = DispatchGroup()
        let wrong = Atomic<Int>(0)
        for reader in 0..<4 {
            DispatchQueue.global().async(group: readers) {
                for _ in 0..<20 {
                    let source = Self.sourceOnItsOwnThread(count: 500 + reader, finished: finished)
                    let last = try? source.toBlocking(timeout: 30).last()
                    if last != 499 + reader { wrong.add(1, ordering: .relaxed) }
                }
            }
        }
        XCTAssertEqual(readers.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(wrong.load(ordering: .relaxed), 0)
    }
}
