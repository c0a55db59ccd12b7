import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// zip and combineLatest let go of a finished source outside their delivery turn. A source's
/// teardown may need a lock that another thread holds while it sends into the other source; had
/// the teardown run in the turn, that sender would wait for the turn and the teardown for its
/// lock, a deadlock (RxSwift fixed the same in its zip of a collection: its test2703).
final class SourceTeardownOutsideTurnTests: RxTestCase {
    func testAFinishedSourcesTeardownMayWaitForAThreadSendingIntoAnotherSource() {
        let forms = ["zip([a, b])", "zip(a, b)", "combineLatest([a, b])", "combineLatest(a, b)"]
        for form in forms {
            XCTAssertTrue(teardownGetsTheLock(form), "\(form): the teardown waited for a sender waiting for the turn")
        }
    }

    /// Whether the teardown of the first source, run as that source completes, got a lock held
    /// meanwhile by a thread sending into the second source.
    private func teardownGetsTheLock(_ form: String) -> Bool {
        let senderLock = NSLock()
        let lockTaken = DispatchSemaphore(value: 0)
        let teardownBegan = DispatchSemaphore(value: 0)
        let teardownGotLock = Locked(false)
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let guardedA = Observable<Int>.create { observer in
            let inner = a.subscribe(observer)
            return Disposables.create {
                teardownBegan.signal()
                if senderLock.lock(before: Date().addingTimeInterval(3)) {
                    senderLock.unlock()
                    teardownGotLock.mutate { $0 = true }
                }
                inner.dispose()
            }
        }
        let combined: Observable<Int> =
            switch form {
            case "zip([a, b])": Observable.zip([guardedA, b.asObservable()]) { $0.reduce(0, +) }
            case "zip(a, b)": Observable.zip(guardedA, b) { $0 + $1 }
            case "combineLatest([a, b])": Observable.combineLatest([guardedA, b.asObservable()]) { $0.reduce(0, +) }
            default: Observable.combineLatest(guardedA, b) { $0 + $1 }
            }
        let subscription = combined.subscribe()
        a.onNext(1)

        let finished = DispatchGroup()
        finished.enter()
        DispatchQueue.global().async {
            senderLock.lock()
            lockTaken.signal()
            _ = teardownBegan.wait(timeout: .now() + 5)
            b.onNext(2)
            senderLock.unlock()
            finished.leave()
        }
        finished.enter()
        DispatchQueue.global().async {
            _ = lockTaken.wait(timeout: .now() + 5)
            a.onCompleted()
            finished.leave()
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 20), .success, form)
        subscription.dispose()
        return teardownGotLock.value
    }
}
