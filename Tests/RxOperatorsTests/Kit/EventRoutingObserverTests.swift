import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxCore
@testable import RxOperators

/// ``EventRoutingObserver``: `on(_:)` calls the event method that matches the event.
final class EventRoutingObserverTests: RxTestCase {
    final class Methods: EventRoutingObserver {
        typealias Element = Int
        var calls: [String] = []

        func onNext(_ element: Int) { calls.append("onNext(\(element))") }
        func onError(_ error: any Swift.Error) { calls.append("onError(\(error))") }
        func onCompleted() { calls.append("onCompleted") }
    }

    func testOnRoutesEachEventToItsMethod() {
        let observer = Methods()

        observer.on(.next(1))
        observer.on(.error(TestError.boom))
        observer.on(.completed)

        XCTAssertEqual(observer.calls, ["onNext(1)", "onError(boom)", "onCompleted"])
    }

    func testASourceSubscribedWithItCallsTheMethodsInOrder() {
        let observer = Methods()

        _ = Observable.of(1, 2).subscribe(observer)
        _ = Observable<Int>.error(TestError.other).subscribe(observer)

        XCTAssertEqual(observer.calls, ["onNext(1)", "onNext(2)", "onCompleted", "onError(other)"])
    }
}
