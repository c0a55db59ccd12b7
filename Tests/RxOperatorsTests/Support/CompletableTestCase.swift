import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// What the tests of `Completable` and its operators share: completables made from hot sources,
/// and the terminal events one sent, with their times.
class CompletableTestCase: RxTestCase {
    /// A `Completable` that completes at `time`, and the hot source it is made from.
    func completing(_ scheduler: TestScheduler, at time: TestTime) -> (TestableObservable<Never>, Completable) {
        let xs = scheduler.createHotObservable([Recorded<Event<Never>>.completed(time)])
        return (xs, xs.asCompletable())
    }

    func failing(_ scheduler: TestScheduler, at time: TestTime) -> (TestableObservable<Never>, Completable) {
        let xs = scheduler.createHotObservable([Recorded<Event<Never>>.error(time, TestError.boom)])
        return (xs, xs.asCompletable())
    }

    /// The terminal events `completable` sent, with their times.
    func record(
        _ scheduler: TestScheduler, disposed: TestTime = 1000, _ completable: @escaping () -> Completable
    )
        -> [String]
    {
        scheduler.start(disposed: disposed) { completable().asObservable().materialize() }.events.compactMap {
            guard let event = $0.value.element else { return nil }
            return "\(event.isCompleted ? "completed" : "error(\(event.error!))") @ \($0.time)"
        }
    }
}
