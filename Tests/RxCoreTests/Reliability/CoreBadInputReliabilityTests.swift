import Dispatch
import RxCore
import RxDisposables
import RxTestSupport
import XCTest

/// Bad input to the core that no other test covers: disposing from inside a delivery, from
/// another thread, or twice; a trampoline item cancelled from another thread.
final class CoreBadInputReliabilityTests: RxTestCase {
    func testDisposingFromInsideOnNextStopsTheRestAndReleasesOnce() {
        let log = CallLog()
        var captured: AnyObserver<Int>?
        let source = TestProducer<Int>(log: log) { captured = $0 }
        let holder = SingleAssignmentDisposable()
        holder.setDisposable(
            source.subscribe(
                onNext: { value in
                    log.append("next \(value)")
                    holder.dispose()
                    holder.dispose()
                }, onDisposed: { log.append("disposed") }))

        captured?.onNext(1)
        captured?.onNext(2)
        captured?.onCompleted()
        captured = nil

        XCTAssertEqual(log.entries, ["next 1", "upstream released", "disposed"])
    }

    func testDisposingFromAnotherThreadBeforeAnyEventSilencesTheSource() {
        let log = CallLog()
        var captured: AnyObserver<Int>?
        let source = TestProducer<Int>(log: log) { captured = $0 }
        let subscription = UncheckedSendable(source.subscribe(onNext: { log.append("next \($0)") }))
        let disposed = expectation(description: "disposed on another thread")
        DispatchQueue.global().async {
            subscription.value.dispose()
            disposed.fulfill()
        }
        wait(for: [disposed], timeout: 5)

        captured?.onNext(1)
        captured?.onCompleted()
        captured = nil
        subscription.value.dispose()
        XCTAssertEqual(log.entries, ["upstream released"])
    }

    func testDisposingAfterCompletionDoesNothingMore() {
        let log = CallLog()
        let source = TestProducer<Int>(log: log) { observer in
            observer.onNext(1)
            observer.onCompleted()
        }
        let subscription = source.subscribe(
            onNext: { log.append("next \($0)") }, onDisposed: { log.append("disposed") })
        subscription.dispose()
        subscription.dispose()

        XCTAssertEqual(log.entries, ["next 1", "disposed", "upstream released"])
    }

    func testATrampolineItemCancelledFromAnotherThreadIsSkipped() {
        let log = CallLog()
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let queued = UncheckedSendable(
                CurrentThreadScheduler.instance.schedule(()) { _ in
                    log.append("cancelled item ran")
                    return Disposables.create()
                })
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("kept item ran")
                return Disposables.create()
            }
            let cancelled = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                queued.value.dispose()
                queued.value.dispose()
                cancelled.signal()
            }
            _ = cancelled.wait(timeout: .now() + 5)
            return Disposables.create()
        }

        XCTAssertEqual(log.entries, ["kept item ran"])
    }

    func testAnObserverBaseStoppedByDisposeIgnoresEveryLaterEvent() {
        let log = CallLog()
        let observer = AnonymousObserver<Int> { log.append($0.description) }
        observer.dispose()
        observer.onNext(1)
        observer.onError(NumberedError(id: 1))
        observer.onCompleted()
        observer.dispose()

        XCTAssertEqual(log.entries, [])
    }
}
