import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// A sink holds the producer sink upstream of it directly, without a disposer per
/// operator. These pin what that must not change: what disposal releases, and when.
final class HeldSinkTests: RxTestCase {
    private final class Owner {}

    func testACompletedChainReleasesTheSubscriberWhileItsDisposableIsKept() {
        weak var released: Owner?
        var subscription: (any Disposable)?
        do {
            let owner = Owner()
            released = owner
            subscription = Observable.of(1, 2, 3)
                .map { $0 * 2 }
                .filter { $0 > 2 }
                .take(5)
                .subscribe(onNext: { _ in _ = owner })
        }

        XCTAssertNil(released, "completion releases the chain and the closures it holds, as RxSwift does")
        XCTAssertNotNil(subscription)
        subscription?.dispose()
    }

    func testASourceThatCompletesWhileBeingSubscribedIsReleasedAtOnce() {
        var log: [String] = []
        let subscription = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create { log.append("source released") }
        }
        .map { $0 + 1 }
        .filter { _ in true }
        .skip(0)
        .subscribe(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })

        XCTAssertEqual(log, ["next 2", "completed", "source released"])
        subscription.dispose()
        XCTAssertEqual(log, ["next 2", "completed", "source released"], "nothing is released twice")
    }

    func testDisposingAChainReleasesFromTheSubscriberUpToTheSource() {
        var log: [String] = []
        let subscription = Observable<Int>.create { _ in
            Disposables.create { log.append("source") }
        }
        .do(onDispose: { log.append("do, at the source") })
        .map { $0 }
        .do(onDispose: { log.append("do, after map") })
        .compactMap { $0 }
        .subscribe(onDisposed: { log.append("subscriber") })

        subscription.dispose()
        subscription.dispose()

        XCTAssertEqual(log, ["source", "do, at the source", "do, after map", "subscriber"])
    }

    func testAnErrorMidChainReleasesEverythingUpstreamOnce() {
        var released = 0
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onNext(2)
                return Disposables.create { released += 1 }
            }
            .map { value -> Int in
                if value == 2 { throw TestError.boom }
                return value
            }
            .filter { _ in true }
        }

        XCTAssertEqual(res.events, [.next(200, 1), .error(200, TestError.boom)])
        XCTAssertEqual(released, 1)
    }
}
