import RxTestSupport
import XCTest

@testable import RxCore

final class RingQueueTests: RxTestCase {
    func testElementsComeOutInTheOrderTheyWentIn() {
        let queue = RingQueue<Int>(minimumCapacity: 2)
        var expected: [Int] = []
        var taken: [Int] = []
        // Interleaved appends and takes wrap around the storage and grow it while wrapped.
        for round in 0..<50 {
            for value in 0..<(round % 7 + 1) {
                queue.append(round * 100 + value)
                expected.append(round * 100 + value)
            }
            for _ in 0..<(round % 5) where !queue.isEmpty {
                taken.append(queue.removeFirst())
            }
        }
        while !queue.isEmpty {
            taken.append(queue.removeFirst())
        }
        XCTAssertEqual(taken, expected)
        XCTAssertEqual(queue.count, 0)
    }

    func testATakenElementIsReleasedAtOnceWhileOthersWait() {
        let queue = RingQueue<Token>()
        weak var first: Token?
        do {
            let token = Token()
            first = token
            queue.append(token)
        }
        queue.append(Token())
        queue.append(Token())

        _ = queue.removeFirst()

        XCTAssertNil(first, "the queue kept an element it gave up")
        XCTAssertEqual(queue.count, 2)
    }

    func testReleasingTheQueueReleasesWhatStillWaits() {
        var queue: RingQueue<Token>? = RingQueue(minimumCapacity: 4)
        var watched: [() -> Token?] = []
        for _ in 0..<6 {
            let token = Token()
            watched.append { [weak token] in token }
            queue?.append(token)
        }
        _ = queue?.removeFirst()
        queue?.append(Token())

        queue = nil

        XCTAssertEqual(watched.compactMap { $0() }.count, 0)
    }
}
