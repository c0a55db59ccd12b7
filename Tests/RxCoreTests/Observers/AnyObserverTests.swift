import RxCore
import RxTestSupport
import XCTest

final class AnyObserverTests: RxTestCase {
    func testClosureObserverReceivesEveryEventAsSent() {
        let log = CallLog()
        let observer = AnyObserver<Int> { log.append($0.description) }
        observer.onNext(1)
        observer.onCompleted()
        observer.onNext(2)

        XCTAssertEqual(log.entries, ["next(1)", "completed", "next(2)"], "a bare closure enforces no grammar")
    }

    func testWrappingAnObserverForwardsToIt() {
        let log = CallLog()
        let wrapped = AnonymousObserver<Int> { log.append($0.description) }
        let observer = AnyObserver(wrapped)
        observer.onNext(1)
        observer.onError(NumberedError(id: 1))
        observer.onNext(2)

        XCTAssertEqual(log.entries, ["next(1)", "error(NumberedError(1))"], "the wrapped observer keeps its grammar")
    }

    func testAsObserverWrapsAnyObserverAndReturnsAnAnyObserverAsIs() {
        let log = CallLog()
        let wrapped = AnonymousObserver<Int> { log.append($0.description) }.asObserver()
        let again = wrapped.asObserver()
        again.onNext(1)
        wrapped.onNext(2)
        again.observer(.completed)

        XCTAssertEqual(log.entries, ["next(1)", "next(2)", "completed"])
    }

    func testMapObserverTransformsElementsAndPassesTerminalEvents() {
        let log = CallLog()
        let strings = AnyObserver<String> { log.append($0.description) }
        let ints: AnyObserver<Int> = strings.mapObserver { "#\($0)" }
        ints.onNext(1)
        ints.onNext(2)
        ints.onCompleted()

        XCTAssertEqual(log.entries, ["next(#1)", "next(#2)", "completed"])
    }

    func testMapObserverSendsAThrownErrorAsAnErrorEvent() {
        let log = CallLog()
        let target = AnonymousObserver<String> { log.append($0.description) }
        let ints: AnyObserver<Int> = target.mapObserver { value in
            if value == 2 { throw NumberedError(id: 2) }
            return "#\(value)"
        }
        ints.onNext(1)
        ints.onNext(2)
        ints.onNext(3)

        XCTAssertEqual(log.entries, ["next(#1)", "error(NumberedError(2))"])
    }

    func testMapObserverPassesErrorsThrough() {
        let log = CallLog()
        let strings = AnyObserver<String> { log.append($0.description) }
        strings.mapObserver { (value: Int) in "\(value)" }.onError(NumberedError(id: 7))

        XCTAssertEqual(log.entries, ["error(NumberedError(7))"])
    }
}
