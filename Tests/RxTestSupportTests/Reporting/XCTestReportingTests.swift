import RxCore
import RxSchedulers
import RxTestSupport
import XCTest

/// Proves that outside Swift Testing the assertions report through XCTest, at the caller's
/// file and line, by intercepting this test case's failure recording.
final class XCTestReportingTests: RxTestCase {
    private var intercepted: [(description: String, file: String, line: Int)] = []
    private var intercepting = false

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if intercepting {
            intercepted.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testMarbleFailureGoesToXCTestAtTheCallersLine() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a|")
        let res = scheduler.start { xs }
        intercepting = true
        assertMarbles(res, "-b|")
        let line = #line - 1
        intercepting = false
        XCTAssertEqual(intercepted.count, 1)
        XCTAssertEqual(intercepted.first?.file, #filePath)
        XCTAssertEqual(intercepted.first?.line, line)
        XCTAssertTrue(
            intercepted.first?.description.contains("recorded events differ from the marble diagram at 210") ?? false)
    }
}
