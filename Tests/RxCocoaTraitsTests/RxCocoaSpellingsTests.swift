import RxCocoaTraits
import RxCore
import RxOperators
import RxTestSupport
import XCTest

/// The closure-taking API keeps RxCocoa's signatures beside the forms with `isolation:`: code
/// that names them by their RxCocoa names compiles and runs.
final class RxCocoaSpellingsTests: RxTestCase {
    func testOperatorsAndSubscriptionsReferredToByTheirRxCocoaNamesStillWork() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Driver.of(1, 2)
            let map: (@escaping (Int) -> Int) -> Driver<Int> = driver.map(_:)
            let filter: (@escaping (Int) -> Bool) -> Driver<Int> = driver.filter(_:)
            let drive: (((Int) -> Void)?, (() -> Void)?, (() -> Void)?) -> any Disposable =
                driver.drive(onNext:onCompleted:onDisposed:)
            let signal = Signal.of(3)
            let emit: (((Int) -> Void)?, (() -> Void)?, (() -> Void)?) -> any Disposable =
                signal.emit(onNext:onCompleted:onDisposed:)
            let recover: (@escaping (any Error) -> Driver<Int>) -> Driver<Int> =
                Observable<Int>.error(RxError.unknown).asDriver(onErrorRecover:)
            let bind: (@escaping (Int) -> Void) -> any Disposable = Observable.of(4).bind(onNext:)
            var received: [Int] = []

            let subscriptions = [
                map { $0 * 10 }.drive(onNext: { received.append($0) }),
                filter { $0 == 2 }.drive(onNext: { received.append($0) }),
                drive({ received.append($0) }, nil, nil),
                emit({ received.append($0) }, nil, nil),
                recover { _ in .just(5) }.drive(onNext: { received.append($0) }),
                bind { received.append($0) },
            ]
            scheduler.start()

            XCTAssertEqual(received.sorted(), [1, 2, 2, 3, 4, 5, 10, 20])
            for subscription in subscriptions { subscription.dispose() }
        }
    }
}
