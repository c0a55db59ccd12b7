import RxBlocking
import RxOperators
import RxTestSupport
import XCTest

final class BlockingTests: RxTestCase {
    func testReadingASequenceByBlocking() throws {
        let squares = try Observable.of(1, 2, 3).map { $0 * $0 }.toBlocking(timeout: 1).toArray()
        XCTAssertEqual(squares, [1, 4, 9])
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().first(), 1)
    }

    func testIteratingASequenceWithAwait() async throws {
        var received: [Int] = []
        for try await value in Observable.of(1, 2, 3).values {
            received.append(value)
        }
        XCTAssertEqual(received, [1, 2, 3])
    }
}
