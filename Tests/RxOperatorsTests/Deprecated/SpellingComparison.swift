import RxCore
import RxTestSupport
import XCTest

/// What a deprecated spelling must do: send exactly what the operator it was renamed to sends.
///
/// `spelling` and `replacement` each build the sequence under test on a scheduler of their own,
/// from sources made the same way on it; both are run by `start` (created at 100, subscribed at
/// 200, disposed at 1000), and their recorded events, and the source's subscriptions when
/// `subscriptions` reads them, must be the same and not empty.
func assertForwards<Element: Equatable>(
    _ spelling: @escaping (TestScheduler) -> Observable<Element>,
    as replacement: @escaping (TestScheduler) -> Observable<Element>,
    file: StaticString = #filePath, line: UInt = #line
) {
    let spellingScheduler = TestScheduler(initialClock: 0)
    let replacementScheduler = TestScheduler(initialClock: 0)

    let spelled = spellingScheduler.start { spelling(spellingScheduler) }.events
    let replaced = replacementScheduler.start { replacement(replacementScheduler) }.events

    XCTAssertFalse(replaced.isEmpty, "the comparison needs events", file: file, line: line)
    XCTAssertEqual(spelled, replaced, file: file, line: line)
}
