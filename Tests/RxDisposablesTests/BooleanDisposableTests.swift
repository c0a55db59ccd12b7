import RxDisposables
import RxTestSupport
import XCTest

final class BooleanDisposableTests: RxTestCase {
    func testStartsNotDisposedAndRecordsDispose() {
        let disposable = BooleanDisposable()
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
    }

    func testInitialStateIsTheArgument() {
        XCTAssertTrue(BooleanDisposable(isDisposed: true).isDisposed)
        XCTAssertFalse(BooleanDisposable(isDisposed: false).isDisposed)
    }

    func testDisposeOnOneThreadIsSeenOnAnother() {
        let disposable = BooleanDisposable()
        let seen = expectation(description: "another thread sees the dispose")
        DispatchQueue.global().async {
            disposable.dispose()
            DispatchQueue.global().async {
                if disposable.isDisposed { seen.fulfill() }
            }
        }
        wait(for: [seen], timeout: 5)
    }
}
