import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// RxSwift 5's spellings on the traits (`Sources/RxOperators/Deprecated/TraitSpellings.swift`)
/// forward to their replacements; each is called through `deprecatedTraitSpellings`,
/// `deprecatedSingleSpellings` or `deprecatedMaybeSpellings` (see `DeprecatedSpellings.swift`).
final class TraitSpellingsTests: RxTestCase {
    /// A `Single` that fails at 210 for the first subscriber and every later one.
    private func failing(_ scheduler: TestScheduler) -> Single<Int> {
        scheduler.createColdObservable([.error(10, TestError.boom, Int.self)]).asSingle()
    }

    private func succeeding(_ scheduler: TestScheduler, _ value: Int) -> Single<Int> {
        scheduler.createColdObservable([.next(5, value), .completed(5)]).asSingle()
    }

    func testCatchErrorIsCatch() {
        assertForwards(
            { scheduler in
                self.failing(scheduler).deprecatedTraitSpellings.catchError { _ in self.succeeding(scheduler, 3) }
                    .asObservable()
            },
            as: { scheduler in self.failing(scheduler).catch { _ in self.succeeding(scheduler, 3) }.asObservable() })
        assertForwards(
            { scheduler in
                self.failing(scheduler).deprecatedTraitSpellings.catchError(
                    { _ in self.succeeding(scheduler, 3) }, isolation: nil, file: #fileID, line: #line
                ).asObservable()
            },
            as: { scheduler in self.failing(scheduler).catch { _ in self.succeeding(scheduler, 3) }.asObservable() })
    }

    func testObserveOnAndSubscribeOnAreObserveOnAndSubscribeOn() {
        assertForwards(
            { scheduler in self.succeeding(scheduler, 4).deprecatedTraitSpellings.observeOn(scheduler).asObservable() },
            as: { scheduler in self.succeeding(scheduler, 4).observe(on: scheduler).asObservable() })
        assertForwards(
            { scheduler in self.succeeding(scheduler, 4).deprecatedTraitSpellings.subscribeOn(scheduler).asObservable()
            },
            as: { scheduler in self.succeeding(scheduler, 4).subscribe(on: scheduler).asObservable() })
    }

    func testRetryWhenIsRetryWhenInBothForms() {
        assertForwards(
            { scheduler in
                self.failing(scheduler).deprecatedTraitSpellings.retryWhen { errors in errors.take(2) }.asObservable()
            },
            as: { scheduler in self.failing(scheduler).retry(when: { errors in errors.take(2) }).asObservable() })
        assertForwards(
            { scheduler in
                self.failing(scheduler).deprecatedTraitSpellings.retryWhen(
                    { errors in errors.take(2) }, isolation: nil, file: #fileID, line: #line
                )
                .asObservable()
            },
            as: { scheduler in self.failing(scheduler).retry(when: { errors in errors.take(2) }).asObservable() })
        assertForwards(
            { scheduler in
                self.failing(scheduler).deprecatedTraitSpellings.retryWhen { (errors: Observable<TestError>) in
                    errors.take(2)
                }.asObservable()
            },
            as: { scheduler in
                self.failing(scheduler).retry(when: { (errors: Observable<TestError>) in errors.take(2) })
                    .asObservable()
            })
        assertForwards(
            { scheduler in
                self.failing(scheduler).deprecatedTraitSpellings.retryWhen(
                    { (errors: Observable<TestError>) in errors.take(2) }, isolation: nil, file: #fileID, line: #line
                ).asObservable()
            },
            as: { scheduler in
                self.failing(scheduler).retry(when: { (errors: Observable<TestError>) in errors.take(2) })
                    .asObservable()
            })
    }

    func testCatchErrorJustReturnIsCatchAndReturnOnASingleAndOnAMaybe() {
        assertForwards(
            { scheduler in self.failing(scheduler).deprecatedSingleSpellings.catchErrorJustReturn(5).asObservable() },
            as: { scheduler in self.failing(scheduler).catchAndReturn(5).asObservable() })
        assertForwards(
            { scheduler in
                self.failing(scheduler).asMaybe().deprecatedMaybeSpellings.catchErrorJustReturn(5).asObservable()
            },
            as: { scheduler in self.failing(scheduler).asMaybe().catchAndReturn(5).asObservable() })
    }

    func testASinglesSubscribeWithOnErrorIsSubscribeWithOnFailure() {
        var events: [String] = []
        let succeeding = Single.just(1).deprecatedSingleSpellings.subscribe(
            onSuccess: { events.append("success \($0)") }, onError: { events.append("error \($0)") },
            onDisposed: { events.append("disposed") })
        let failing = Single<Int>.error(TestError.boom).deprecatedSingleSpellings.subscribe(
            onSuccess: nil, onError: { events.append("error \($0)") }, onDisposed: nil, isolation: nil, file: #fileID,
            line: #line)
        succeeding.dispose()
        failing.dispose()

        XCTAssertEqual(events, ["success 1", "disposed", "error boom"])
    }
}
