import RxCore
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// RxSwift 5's error-handling spellings (`Sources/RxOperators/Deprecated/ErrorHandlingSpellings.swift`)
/// forward to their replacements; each is called through `deprecatedSpellings` (see
/// `DeprecatedSpellings.swift` for why).
final class ErrorHandlingSpellingsTests: RxTestCase {
    private func failingOnce(_ scheduler: TestScheduler) -> Observable<Int> {
        scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)]).asObservable()
    }

    private func recovery(_ scheduler: TestScheduler) -> Observable<Int> {
        scheduler.createColdObservable([.next(5, 9), .completed(10)]).asObservable()
    }

    func testCatchErrorIsCatch() {
        assertForwards(
            { scheduler in self.failingOnce(scheduler).deprecatedSpellings.catchError { _ in self.recovery(scheduler) }
            },
            as: { scheduler in self.failingOnce(scheduler).catch { _ in self.recovery(scheduler) } })
        assertForwards(
            { scheduler in
                self.failingOnce(scheduler).deprecatedSpellings.catchError(
                    { _ in self.recovery(scheduler) }, isolation: nil, file: #fileID, line: #line)
            },
            as: { scheduler in self.failingOnce(scheduler).catch { _ in self.recovery(scheduler) } })
    }

    func testCatchErrorWithAThrowingHandlerFailsWithItsErrorAsCatchDoes() {
        assertForwards(
            { scheduler in self.failingOnce(scheduler).deprecatedSpellings.catchError { _ in throw TestError.other } },
            as: { scheduler in self.failingOnce(scheduler).catch { _ in throw TestError.other } })
    }

    func testTheStaticCatchErrorOfASequenceIsCatchSequence() {
        assertForwards(
            { scheduler in
                self.failingOnce(scheduler).deprecatedSpellings.catchErrorOfSequence([
                    self.failingOnce(scheduler), self.recovery(scheduler),
                ])
            },
            as: { scheduler in Observable.catch(sequence: [self.failingOnce(scheduler), self.recovery(scheduler)]) })
    }

    func testCatchErrorJustReturnIsCatchAndReturn() {
        assertForwards(
            { scheduler in self.failingOnce(scheduler).deprecatedSpellings.catchErrorJustReturn(7) },
            as: { scheduler in self.failingOnce(scheduler).catchAndReturn(7) })
    }

    func testRetryWhenOfAnyErrorIsRetryWhen() {
        assertForwards(
            { scheduler in self.failingOnce(scheduler).deprecatedSpellings.retryWhen { errors in errors.take(2) } },
            as: { scheduler in self.failingOnce(scheduler).retry(when: { errors in errors.take(2) }) })
        assertForwards(
            { scheduler in
                self.failingOnce(scheduler).deprecatedSpellings.retryWhen(
                    { errors in errors.take(2) }, isolation: nil, file: #fileID, line: #line)
            },
            as: { scheduler in self.failingOnce(scheduler).retry(when: { errors in errors.take(2) }) })
    }

    func testRetryWhenMakesAsManyAttemptsAsRxSwift() {
        var attempts = 0
        var events: [String] = []
        let failing = Observable<Int>.deferred {
            attempts += 1
            return .error(TestError.boom)
        }

        _ = failing.deprecatedSpellings.retryWhen { errors in errors.take(2) }.subscribe {
            events.append($0.description)
        }

        XCTAssertEqual(attempts, 2, "the trigger's completion ends the sequence before a third attempt")
        XCTAssertEqual(events, ["completed"])
    }

    func testRetryWhenOfOneErrorTypeIsRetryWhen() {
        assertForwards(
            { scheduler in
                self.failingOnce(scheduler).deprecatedSpellings.retryWhen { (errors: Observable<TestError>) in
                    errors.take(2)
                }
            },
            as: { scheduler in
                self.failingOnce(scheduler).retry(when: { (errors: Observable<TestError>) in errors.take(2) })
            })
        assertForwards(
            { scheduler in
                self.failingOnce(scheduler).deprecatedSpellings.retryWhen(
                    { (errors: Observable<TestError>) in errors.take(2) }, isolation: nil, file: #fileID, line: #line)
            },
            as: { scheduler in
                self.failingOnce(scheduler).retry(when: { (errors: Observable<TestError>) in errors.take(2) })
            })
    }
}
