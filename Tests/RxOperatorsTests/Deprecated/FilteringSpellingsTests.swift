import RxCore
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// RxSwift 5's filtering spellings (`Sources/RxOperators/Deprecated/FilteringSpellings.swift`)
/// forward to their replacements; each is called through `deprecatedSpellings` (see
/// `DeprecatedSpellings.swift` for why).
final class FilteringSpellingsTests: RxTestCase {
    private func counting(_ scheduler: TestScheduler) -> Observable<Int> {
        scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 1), .completed(260),
        ]).asObservable()
    }

    private func trigger(_ scheduler: TestScheduler) -> Observable<String> {
        scheduler.createHotObservable([.next(235, "now"), .completed(300)]).asObservable()
    }

    func testElementAtIsElementAt() {
        assertForwards(
            { scheduler in self.counting(scheduler).deprecatedSpellings.elementAt(2) },
            as: { scheduler in self.counting(scheduler).element(at: 2) })
    }

    func testSkipUntilIsSkipUntil() {
        assertForwards(
            { scheduler in self.counting(scheduler).deprecatedSpellings.skipUntil(self.trigger(scheduler)) },
            as: { scheduler in self.counting(scheduler).skip(until: self.trigger(scheduler)) })
    }

    func testSkipWhileIsSkipWhile() {
        assertForwards(
            { scheduler in self.counting(scheduler).deprecatedSpellings.skipWhile { $0 < 3 } },
            as: { scheduler in self.counting(scheduler).skip(while: { $0 < 3 }) })
        assertForwards(
            { scheduler in
                self.counting(scheduler).deprecatedSpellings.skipWhile(
                    { $0 < 3 }, isolation: nil, file: #fileID, line: #line)
            },
            as: { scheduler in self.counting(scheduler).skip(while: { $0 < 3 }) })
    }

    func testTakeUntilAnotherSequenceIsTakeUntil() {
        assertForwards(
            { scheduler in self.counting(scheduler).deprecatedSpellings.takeUntil(self.trigger(scheduler)) },
            as: { scheduler in self.counting(scheduler).take(until: self.trigger(scheduler)) })
    }

    func testTakeUntilABehaviorAndAPredicateIsTakeUntilBehavior() {
        for behavior in [TakeBehavior.inclusive, .exclusive] {
            assertForwards(
                { scheduler in self.counting(scheduler).deprecatedSpellings.takeUntil(behavior) { $0 == 3 } },
                as: { scheduler in self.counting(scheduler).take(until: { $0 == 3 }, behavior: behavior) })
            assertForwards(
                { scheduler in
                    self.counting(scheduler).deprecatedSpellings.takeUntil(
                        behavior, predicate: { $0 == 3 }, isolation: nil, file: #fileID, line: #line)
                },
                as: { scheduler in self.counting(scheduler).take(until: { $0 == 3 }, behavior: behavior) })
        }
    }

    func testTakeWhileIsTakeWhileExclusive() {
        assertForwards(
            { scheduler in self.counting(scheduler).deprecatedSpellings.takeWhile { $0 < 3 } },
            as: { scheduler in self.counting(scheduler).take(while: { $0 < 3 }, behavior: .exclusive) })
        assertForwards(
            { scheduler in
                self.counting(scheduler).deprecatedSpellings.takeWhile(
                    { $0 < 3 }, isolation: nil, file: #fileID, line: #line)
            },
            as: { scheduler in self.counting(scheduler).take(while: { $0 < 3 }, behavior: .exclusive) })
    }

    func testAThrowingPredicateFailsAsTheReplacementDoes() {
        assertForwards(
            { scheduler in self.counting(scheduler).deprecatedSpellings.takeWhile { _ in throw TestError.boom } },
            as: { scheduler in self.counting(scheduler).take(while: { _ in throw TestError.boom }) })
        assertForwards(
            { scheduler in self.counting(scheduler).deprecatedSpellings.skipWhile { _ in throw TestError.boom } },
            as: { scheduler in self.counting(scheduler).skip(while: { _ in throw TestError.boom }) })
    }
}
