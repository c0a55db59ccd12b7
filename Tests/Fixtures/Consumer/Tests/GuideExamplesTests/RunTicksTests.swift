import GuideExamples
import RxTestSupport
import XCTest

final class RunTicksTests: RxTestCase {
    func testTicksOnARealQueue() {
        let finished = expectation(description: "three ticks")
        let subscription = runTicks { received in
            XCTAssertEqual(received, ["tick 0", "tick 1", "tick 2"])
            finished.fulfill()
        }
        wait(for: [finished], timeout: 5)
        subscription.dispose()
    }
}
