import Pipeline
import RxTestSupport
import XCTest

final class PipelineTests: RxTestCase {
    func testNothing() {
        XCTAssertEqual(1, 1)
    }
}
