import RxTestSupport
import XCTest

@testable import RxCore

/// The ring buffer's own invariants, checked directly: the slots in use and their order, across
/// wrapping and growing; an element released the moment it is taken; and everything still held
/// released with the buffer.
final class RingBufferTests: RxTestCase {
    func testTheCapacityIsThePowerOfTwoAtOrAboveTheMinimum() {
        XCTAssertEqual(RingBuffer<Int>(minimumCapacity: 0).capacity, 1)
        XCTAssertEqual(RingBuffer<Int>(minimumCapacity: 1).capacity, 1)
        XCTAssertEqual(RingBuffer<Int>(minimumCapacity: 5).capacity, 8)
        XCTAssertEqual(RingBuffer<Int>(minimumCapacity: 16).capacity, 16)
    }

    func testElementsComeOutInTheOrderTheyWentInAcrossWrappingAndGrowing() {
        var buffer = RingBuffer<Int>(minimumCapacity: 2)
        var expected: [Int] = []
        var taken: [Int] = []
        // Interleaved appends and takes move the head around the storage, and the buffer grows
        // while its elements wrap past the end.
        for round in 0..<60 {
            for value in 0..<(round % 7 + 1) {
                buffer.append(round * 100 + value)
                expected.append(round * 100 + value)
            }
            for _ in 0..<(round % 5) where !buffer.isEmpty {
                XCTAssertEqual(buffer.first, expected[taken.count])
                taken.append(buffer.removeFirst())
            }
            XCTAssertEqual(buffer.count, expected.count - taken.count)
            XCTAssertLessThanOrEqual(buffer.count, buffer.capacity)
        }
        while !buffer.isEmpty {
            taken.append(buffer.removeFirst())
        }
        XCTAssertEqual(taken, expected)
        XCTAssertNil(buffer.first)
    }

    func testItGrowsOnlyWhenFullAndByDoubling() {
        var buffer = RingBuffer<Int>(minimumCapacity: 4)
        for value in 0..<4 {
            buffer.append(value)
        }
        XCTAssertEqual(buffer.capacity, 4)
        // Wrapped: the head is two slots in, and two slots past the end are in use again.
        _ = buffer.removeFirst()
        _ = buffer.removeFirst()
        buffer.append(4)
        buffer.append(5)
        XCTAssertEqual(buffer.capacity, 4)

        buffer.append(6)

        XCTAssertEqual(buffer.capacity, 8)
        var taken: [Int] = []
        while !buffer.isEmpty {
            taken.append(buffer.removeFirst())
        }
        XCTAssertEqual(taken, [2, 3, 4, 5, 6])
    }

    func testATakenElementIsReleasedAtOnceWhileOthersWait() {
        var buffer = RingBuffer<Token>()
        weak var first: Token?
        do {
            let token = Token()
            first = token
            buffer.append(token)
        }
        buffer.append(Token())

        _ = buffer.removeFirst()

        XCTAssertNil(first, "the buffer kept an element it gave up")
        XCTAssertEqual(buffer.count, 1)
    }

    func testReadingTheFirstElementLeavesItQueued() {
        var buffer = RingBuffer<Token>()
        let token = Token()
        buffer.append(token)

        XCTAssertTrue(buffer.first === token)

        XCTAssertEqual(buffer.count, 1)
        XCTAssertTrue(buffer.removeFirst() === token)
    }

    func testEndingTheBufferReleasesWhatStillWaitsWrappedOrNot() {
        var watched: [() -> Token?] = []
        do {
            var buffer = RingBuffer<Token>(minimumCapacity: 4)
            for _ in 0..<4 {
                let token = Token()
                watched.append { [weak token] in token }
                buffer.append(token)
            }
            // Two taken from the front and two appended at the start of storage: the elements
            // still held wrap around its end.
            _ = buffer.removeFirst()
            _ = buffer.removeFirst()
            for _ in 0..<2 {
                let token = Token()
                watched.append { [weak token] in token }
                buffer.append(token)
            }
            XCTAssertEqual(watched.compactMap { $0() }.count, 4)
        }

        XCTAssertEqual(watched.compactMap { $0() }.count, 0)
    }

    func testReplacingABufferReleasesTheOldOnesElements() {
        var buffer = RingBuffer<Token>(minimumCapacity: 2)
        weak var held: Token?
        do {
            let token = Token()
            held = token
            buffer.append(token)
        }

        buffer = RingBuffer(minimumCapacity: 2)

        XCTAssertNil(held)
        XCTAssertTrue(buffer.isEmpty)
    }
}
