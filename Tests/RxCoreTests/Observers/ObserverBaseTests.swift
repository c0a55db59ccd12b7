import RxCore
import RxTestSupport
import XCTest

/// An observer that writes every event it is let through to a log.
private final class RecordingObserver: ObserverBase<Int> {
    let log: CallLog

    init(log: CallLog) {
        self.log = log
    }

    override func onCore(_ event: Event<Int>) {
        log.append(event.description)
    }
}

final class ObserverBaseTests: RxTestCase {
    func testElementsPassUntilCompletedAndNothingAfter() {
        let log = CallLog()
        let observer = RecordingObserver(log: log)
        observer.onNext(1)
        observer.onNext(2)
        observer.onCompleted()
        observer.onNext(3)
        observer.onError(NumberedError(id: 1))
        observer.onCompleted()

        XCTAssertEqual(log.entries, ["next(1)", "next(2)", "completed"])
    }

    func testNothingPassesAfterAnError() {
        let log = CallLog()
        let observer = RecordingObserver(log: log)
        observer.onNext(1)
        observer.onError(NumberedError(id: 1))
        observer.onNext(2)
        observer.onError(NumberedError(id: 2))
        observer.onCompleted()

        XCTAssertEqual(log.entries, ["next(1)", "error(NumberedError(1))"])
    }

    func testDisposeStopsTheObserver() {
        let log = CallLog()
        let observer = RecordingObserver(log: log)
        observer.onNext(1)
        observer.dispose()
        observer.onNext(2)
        observer.onCompleted()
        observer.dispose()

        XCTAssertEqual(log.entries, ["next(1)"])
    }

    func testATerminalEventSentFromInsideTheHandlerIsNotDeliveredTwice() {
        let log = CallLog()
        var observer: AnonymousObserver<Int>?
        observer = AnonymousObserver { event in
            log.append(event.description)
            if event.isStopEvent {
                observer?.onCompleted()
                observer?.onNext(9)
            }
        }
        observer?.onError(NumberedError(id: 1))
        observer = nil

        XCTAssertEqual(log.entries, ["error(NumberedError(1))"])
    }

    func testConcurrentTerminalEventsDeliverExactlyOne() {
        for _ in 0..<200 {
            let log = CallLog()
            let observer = UncheckedSendable(RecordingObserver(log: log))
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                if thread.isMultiple(of: 2) {
                    observer.value.onCompleted()
                } else {
                    observer.value.onError(NumberedError(id: thread))
                }
                observer.value.onNext(thread)
            }
            XCTAssertEqual(log.entries.count, 1, "\(log.entries)")
            XCTAssertTrue(log.entries.allSatisfy { $0 == "completed" || $0.hasPrefix("error(") }, "\(log.entries)")
        }
    }

    func testAnonymousObserverHandsEveryAllowedEventToItsClosure() {
        let log = CallLog()
        let observer = AnonymousObserver<String> { log.append($0.description) }
        observer.on(.next("a"))
        observer.onNext("b")
        observer.onCompleted()
        observer.onNext("c")

        XCTAssertEqual(log.entries, ["next(a)", "next(b)", "completed"])
    }

    func testAnonymousObserverReleasesNothingItDoesNotOwn() {
        var token: Token? = Token()
        weak let weakToken = token
        var observer: AnonymousObserver<Int>? = AnonymousObserver { [token] _ in _ = token }
        token = nil

        XCTAssertNotNil(weakToken)
        observer?.onCompleted()
        observer = nil
        XCTAssertNil(weakToken, "the observer owns only its closure, which goes with it")
    }
}
