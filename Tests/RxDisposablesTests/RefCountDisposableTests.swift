import RxCore
import RxDisposables
import RxTestSupport
import XCTest

final class RefCountDisposableTests: RxTestCase {
    func testDisposeWithNoHandlesDisposesTheUnderlyingOnce() {
        let underlying = TestDisposable()
        let refCount = RefCountDisposable(disposable: underlying)

        XCTAssertFalse(refCount.isDisposed)
        refCount.dispose()
        refCount.dispose()
        XCTAssertTrue(refCount.isDisposed)
        XCTAssertEqual(underlying.disposeCount, 1)
    }

    func testUnderlyingWaitsForTheOwnerAndEveryHandle() {
        let underlying = TestDisposable()
        let refCount = RefCountDisposable(disposable: underlying)
        let first = refCount.retain()
        let second = refCount.retain()

        first.dispose()
        XCTAssertEqual(underlying.disposeCount, 0, "handles alone do not dispose while the owner holds on")
        refCount.dispose()
        XCTAssertFalse(refCount.isDisposed)
        XCTAssertEqual(underlying.disposeCount, 0)
        first.dispose()
        XCTAssertEqual(underlying.disposeCount, 0, "disposing a handle twice releases it once")
        second.dispose()
        XCTAssertTrue(refCount.isDisposed)
        XCTAssertEqual(underlying.disposeCount, 1)
    }

    func testHandlesDisposedBeforeTheOwnerLeaveItToTheOwner() {
        let underlying = TestDisposable()
        let refCount = RefCountDisposable(disposable: underlying)
        refCount.retain().dispose()
        refCount.retain().dispose()

        XCTAssertEqual(underlying.disposeCount, 0)
        refCount.dispose()
        XCTAssertEqual(underlying.disposeCount, 1)
    }

    func testRetainAfterOwnerDisposedStillHoldsWhileUnderlyingIsAlive() {
        let underlying = TestDisposable()
        let refCount = RefCountDisposable(disposable: underlying)
        let first = refCount.retain()
        refCount.dispose()
        let second = refCount.retain()

        first.dispose()
        XCTAssertEqual(underlying.disposeCount, 0)
        second.dispose()
        XCTAssertEqual(underlying.disposeCount, 1)
    }

    func testRetainAfterUnderlyingIsGoneReturnsAHandleThatDoesNothing() {
        let underlying = TestDisposable()
        let refCount = RefCountDisposable(disposable: underlying)
        refCount.dispose()
        let late = refCount.retain()

        late.dispose()
        late.dispose()
        XCTAssertTrue(refCount.isDisposed)
        XCTAssertEqual(underlying.disposeCount, 1)
    }

    func testReleasesTheUnderlyingWhenDisposed() {
        var token: Token? = Token()
        weak let weakToken = token
        let refCount = RefCountDisposable(disposable: Disposables.create { [token] in _ = token })
        token = nil
        let handle = refCount.retain()

        refCount.dispose()
        XCTAssertNotNil(weakToken)
        handle.dispose()
        XCTAssertNil(weakToken)
    }

    func testConcurrentHandlesDisposeTheUnderlyingOnceAfterTheLast() {
        for _ in 0..<50 {
            let underlying = TestDisposable()
            let refCount = RefCountDisposable(disposable: underlying)
            let handles = RxMutex<[UncheckedSendable<any Disposable>]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for _ in 0..<10 {
                    let handle = UncheckedSendable(refCount.retain())
                    handles.withLock { $0.append(handle) }
                }
            }
            refCount.dispose()
            let all = UncheckedSendable(handles.withLock { $0 }.map(\.value))
            XCTAssertEqual(all.value.count, 80)
            XCTAssertEqual(underlying.disposeCount, 0)

            DispatchQueue.concurrentPerform(iterations: 8) { chunk in
                for index in stride(from: chunk, to: all.value.count - 1, by: 8) {
                    all.value[index].dispose()
                    all.value[index].dispose()
                }
            }
            XCTAssertEqual(underlying.disposeCount, 0, "one handle is still held")
            all.value[all.value.count - 1].dispose()
            XCTAssertEqual(underlying.disposeCount, 1)
            XCTAssertTrue(refCount.isDisposed)
        }
    }
}
