import RxCore
import RxDisposables
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxOperators

/// `TraitSubscriptionObserver`, the observer behind the traits' `subscribe` with closures: the
/// first event calls its closure, then `onDisposed` runs once; every later event is ignored.
final class TraitSubscriptionObserverTests: RxTestCase {
    /// An observer of `kind` that logs which closure each event called, and `onDisposed`.
    private func observer(
        _ kind: TraitSubscriptionObserver<Int>.Kind, log: Locked<[String]>
    ) -> TraitSubscriptionObserver<Int> {
        TraitSubscriptionObserver(
            kind, onSuccess: { _ in log.mutate { $0.append("success") } },
            onFailure: { error in log.mutate { $0.append("failure(\(error))") } },
            onCompleted: { log.mutate { $0.append("completed") } },
            disposable: AnonymousDisposable { log.mutate { $0.append("disposed") } },
            isolation: HandlerIsolation(nil), callStack: [])
    }

    func testASuccessCallsOnSuccessThenOnDisposedAndTheCompletionAfterItIsIgnored() {
        let log = Locked<[String]>([])
        let observer = observer(.single, log: log)

        observer.onNext(1)
        observer.onCompleted()
        observer.onNext(2)
        observer.onError(TestError.boom)

        XCTAssertEqual(log.value, ["success", "disposed"])
    }

    func testASingleThatCompletesWithoutAnElementFailsWithNoElements() {
        let log = Locked<[String]>([])
        let observer = observer(.single, log: log)

        observer.on(.completed)

        XCTAssertEqual(log.value, ["failure(\(RxError.noElements))", "disposed"])
    }

    func testAMaybeOrACompletableThatCompletesCallsOnCompleted() {
        for kind in [TraitSubscriptionObserver<Int>.Kind.maybe, .completable] {
            let log = Locked<[String]>([])
            let observer = observer(kind, log: log)

            observer.on(.completed)
            observer.on(.error(TestError.boom))

            XCTAssertEqual(log.value, ["completed", "disposed"], "\(kind)")
        }
    }

    func testAnErrorCallsTheFailureClosureOnce() {
        let log = Locked<[String]>([])
        let observer = observer(.maybe, log: log)

        observer.on(.error(TestError.boom))
        observer.on(.error(TestError.other))
        observer.on(.next(1))

        XCTAssertEqual(log.value, ["failure(boom)", "disposed"])
    }
}
