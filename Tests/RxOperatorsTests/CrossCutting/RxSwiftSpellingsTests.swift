import RxCore
import RxOperators
import RxTestSupport
import XCTest

/// Operators that take closures keep their RxSwift signatures beside the forms with
/// `isolation:`: code that names them by their RxSwift names compiles and runs, and a call picks
/// the form with `isolation:`.
final class RxSwiftSpellingsTests: RxTestCase {
    func testOperatorsReferredToByTheirRxSwiftNamesStillWork() {
        let source = Observable.of(1, 2, 3, 4)
        let map: (@escaping (Int) throws -> Int) -> Observable<Int> = source.map(_:)
        let filter: (@escaping (Int) throws -> Bool) -> Observable<Int> = source.filter(_:)
        var received: [Int] = []

        let first = map { $0 * 10 }.subscribe(onNext: { received.append($0) })
        let second = filter { $0.isMultiple(of: 2) }.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [10, 20, 30, 40, 2, 4])
        first.dispose()
        second.dispose()
    }

    func testTheSubscribeFamilyReferredToByItsRxSwiftNamesStillWorks() {
        let source = Observable.of(1, 2)
        let subscribe: (((Int) -> Void)?, ((any Error) -> Void)?, (() -> Void)?, (() -> Void)?) -> any Disposable =
            source.subscribe(onNext:onError:onCompleted:onDisposed:)
        var log: [String] = []

        let subscription = subscribe({ log.append("\($0)") }, nil, { log.append("done") }, nil)

        XCTAssertEqual(log, ["1", "2", "done"])
        subscription.dispose()
    }
}
