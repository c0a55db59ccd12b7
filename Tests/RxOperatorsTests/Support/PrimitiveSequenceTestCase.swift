import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// What the tests of `Single`, `Maybe` and the operators they share have in common: singles and
/// maybes made from hot sources.
class PrimitiveSequenceTestCase: RxTestCase {
    /// A `Single` of `value` made from a hot source that sends it at `time` and completes then.
    func single(
        _ scheduler: TestScheduler, _ value: Int, at time: TestTime
    ) -> (TestableObservable<Int>, Single<Int>) {
        let xs = scheduler.createHotObservable([.next(time, value), .completed(time)])
        return (xs, xs.asSingle())
    }

    func failing(_ scheduler: TestScheduler, at time: TestTime) -> (TestableObservable<Int>, Single<Int>) {
        let xs = scheduler.createHotObservable([.error(time, TestError.boom, Int.self)])
        return (xs, xs.asSingle())
    }

    func maybe(_ scheduler: TestScheduler, _ value: Int?, at time: TestTime) -> Maybe<Int> {
        if let value {
            return scheduler.createHotObservable([.next(time, value), .completed(time)]).asMaybe()
        }
        return scheduler.createHotObservable([.completed(time, Int.self)]).asMaybe()
    }
}
