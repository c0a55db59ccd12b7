import RxDisposables
import RxTestSupport
import XCTest

final class SingleAssignmentDisposableTests: RxTestCase {
    func testSetThenDisposeDisposesTheDisposableOnce() {
        let holder = SingleAssignmentDisposable()
        let inner = TestDisposable()
        holder.setDisposable(inner)

        XCTAssertFalse(holder.isDisposed)
        XCTAssertEqual(inner.disposeCount, 0)
        holder.dispose()
        holder.dispose()
        XCTAssertTrue(holder.isDisposed)
        XCTAssertEqual(inner.disposeCount, 1)
    }

    func testDisposeBeforeSetDisposesTheDisposableWhenSet() {
        let holder = SingleAssignmentDisposable()
        holder.dispose()
        XCTAssertTrue(holder.isDisposed)

        let inner = TestDisposable()
        holder.setDisposable(inner)
        XCTAssertEqual(inner.disposeCount, 1)
        holder.dispose()
        XCTAssertEqual(inner.disposeCount, 1)
    }

    func testReleasesTheDisposableWhenDisposed() {
        var token: Token? = Token()
        weak let weakToken = token
        let holder = SingleAssignmentDisposable()
        holder.setDisposable(Disposables.create { [token] in _ = token })
        token = nil

        XCTAssertNotNil(weakToken)
        holder.dispose()
        XCTAssertNil(weakToken)
    }

    func testDoesNotKeepADisposableSetAfterDispose() {
        var token: Token? = Token()
        weak let weakToken = token
        let holder = SingleAssignmentDisposable()
        holder.dispose()
        holder.setDisposable(Disposables.create { [token] in _ = token })
        token = nil

        XCTAssertNil(weakToken)
    }

    func testSetRacingDisposeDisposesExactlyOnce() {
        for _ in 0..<300 {
            let holder = SingleAssignmentDisposable()
            let inner = TestDisposable()
            DispatchQueue.concurrentPerform(iterations: 3) { index in
                if index == 0 {
                    holder.setDisposable(inner)
                } else {
                    holder.dispose()
                }
            }
            XCTAssertTrue(holder.isDisposed)
            XCTAssertEqual(inner.disposeCount, 1)
        }
    }
}
