import Dispatch
import Foundation
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

@testable import RxCore

/// ``Serializer`` itself, on real threads: run plainly and under ThreadSanitizer. What the
/// serializer delivers is recorded in plain variables touched only by the deliverer, so any
/// delivery the serializer failed to keep apart from another is a data race the sanitizer
/// reports, besides the checks below.
final class SerializerTests: RxTestCase {
    /// One item: who sent it, its place among that sender's items, and a token whose `deinit`
    /// counts live items.
    struct Item {
        let sender: Int
        let index: Int
        let token: Token
    }

    final class Token: Sendable {
        let live: Counter

        init(_ live: Counter) {
            self.live = live
            live.increment()
        }

        deinit { live.decrement() }
    }

    /// A serializer and what it delivered, touched only inside deliveries.
    final class Harness: @unchecked Sendable {
        // @unchecked Sendable: `delivered`, `inside` and `released` are touched only by the thread
        // holding `serializer`, which is what these tests check.
        let serializer = Serializer<Item>()
        let live = Counter()
        var delivered: [(item: (sender: Int, index: Int), by: Int)] = []
        var inside = false
        var overlaps = 0
        var released = 0
        var deliveredAfterRelease = 0

        func record(_ item: Item, by deliverer: Int) {
            if inside { overlaps += 1 }
            inside = true
            if released > 0 { deliveredAfterRelease += 1 }
            delivered.append(((item.sender, item.index), deliverer))
            inside = false
        }

        func release() {
            if inside { overlaps += 1 }
            released += 1
        }

        func item(_ sender: Int, _ index: Int) -> Item {
            Item(sender: sender, index: index, token: Token(live))
        }
    }

    private func runThreads(_ count: Int, timeout: TimeInterval = 10, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for thread in 0..<count {
            group.enter()
            Thread {
                body(thread)
                group.leave()
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + timeout), .success, "threads did not finish: a hang")
    }

    func testSendersOnManyThreadsDeliverOnlyTheirOwnItemsOneAtATimeInOrder() {
        let harness = Harness()
        let perThread = 2_000
        runThreads(4) { me in
            for index in 0..<perThread {
                harness.serializer.send(harness.item(me, index)) { harness.record($0, by: me) }
            }
        }
        XCTAssertEqual(harness.overlaps, 0)
        XCTAssertEqual(harness.delivered.count, 4 * perThread)
        for sender in 0..<4 {
            let own = harness.delivered.filter { $0.item.sender == sender }
            XCTAssertEqual(own.map(\.item.index), Array(0..<perThread), "sender \(sender) in order, each once")
            XCTAssertTrue(own.allSatisfy { $0.by == sender }, "sender \(sender)'s items delivered by itself")
        }
        XCTAssertEqual(harness.live.value, 0)
    }

    func testAnItemSentFromInsideADeliveryFollowsItOnTheSameThreadWithoutNesting() {
        let harness = Harness()
        runThreads(3) { me in
            for index in 0..<1_000 {
                harness.serializer.send(harness.item(me, index * 2)) { item in
                    harness.record(item, by: me)
                    // The observer sends back into the operator from inside the delivery.
                    if item.index.isMultiple(of: 4) {
                        harness.serializer.send(harness.item(item.sender, item.index + 1)) { _ in
                            XCTFail("a reentrant send is never delivered nested")
                        }
                    }
                }
            }
        }
        XCTAssertEqual(harness.overlaps, 0)
        for sender in 0..<3 {
            let own = harness.delivered.filter { $0.item.sender == sender }.map(\.item.index)
            let expected = (0..<1_000).flatMap { $0.isMultiple(of: 2) ? [$0 * 2, $0 * 2 + 1] : [$0 * 2] }
            XCTAssertEqual(own, expected, "sender \(sender): each reentrant item right after the one it came from")
        }
        XCTAssertTrue(harness.delivered.allSatisfy { $0.item.sender == $0.by })
        XCTAssertEqual(harness.live.value, 0)
    }

    func testASenderThatMustNotWaitHandsItsItemToTheHolderAndReturnsAtOnce() {
        let harness = Harness()
        let holding = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let handedOff = DispatchSemaphore(value: 0)
        let holderDone = DispatchSemaphore(value: 0)
        Thread {
            harness.serializer.send(harness.item(0, 0)) { item in
                harness.record(item, by: 0)
                // The holder's own item: it holds the serializer until the test lets it go.
                if item.sender == 0 {
                    holding.signal()
                    _ = proceed.wait(timeout: .now() + 10)
                }
            }
            holderDone.signal()
        }.start()
        XCTAssertEqual(holding.wait(timeout: .now() + 5), .success)
        Thread {
            harness.serializer.sendWithoutWaiting(harness.item(1, 0)) { harness.record($0, by: 1) }
            handedOff.signal()
        }.start()
        // The hand-off returns while the holder is still inside its delivery.
        XCTAssertEqual(handedOff.wait(timeout: .now() + 5), .success, "the sender waited for the delivery")
        proceed.signal()
        XCTAssertEqual(holderDone.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(harness.delivered.map(\.item.sender), [0, 1])
        XCTAssertEqual(harness.delivered.map(\.by), [0, 0], "the holder delivered the item handed to it")
        XCTAssertEqual(harness.live.value, 0)
    }

    func testClosingWhileAnotherThreadDeliversLeavesTheReleaseToItWithoutWaiting() {
        let harness = Harness()
        let holding = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let holderDone = DispatchSemaphore(value: 0)
        let releasedBy = Locked<[String]>([])
        let release: @Sendable () -> Void = {
            releasedBy.mutate { $0.append(Thread.isMainThread ? "closing thread" : "holder") }
            harness.release()
        }
        Thread {
            harness.serializer.send(
                harness.item(0, 0),
                { item in
                    harness.record(item, by: 0)
                    holding.signal()
                    _ = proceed.wait(timeout: .now() + 10)
                }, release: release)
            holderDone.signal()
        }.start()
        XCTAssertEqual(holding.wait(timeout: .now() + 5), .success)
        harness.serializer.close(releasing: release)
        XCTAssertEqual(releasedBy.value, [], "the release waits for the delivery; the closing thread does not")
        // Nothing is handed off or queued once closed.
        harness.serializer.sendWithoutWaiting(harness.item(1, 0)) { harness.record($0, by: 1) }
        proceed.signal()
        XCTAssertEqual(holderDone.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(releasedBy.value, ["holder"])
        XCTAssertEqual(harness.delivered.map(\.item.sender), [0])
        XCTAssertEqual(harness.live.value, 0)
        // Closed for good: a later send is dropped, and closing again releases nothing.
        harness.serializer.send(harness.item(2, 0)) { harness.record($0, by: 2) }
        harness.serializer.close { harness.release() }
        XCTAssertEqual(harness.released, 1)
        XCTAssertEqual(harness.delivered.count, 1)
    }

    func testClosingFromInsideADeliveryReleasesOnceThatDeliveryReturns() {
        let harness = Harness()
        var order: [String] = []
        let release = {
            order.append("release")
            harness.release()
        }
        harness.serializer.send(
            harness.item(0, 0),
            { item in
                harness.record(item, by: 0)
                harness.serializer.close(releasing: release)
                order.append("delivery returns")
                harness.serializer.send(harness.item(0, 1)) { _ in XCTFail("sent after closing") }
            }, release: release)
        XCTAssertEqual(order, ["delivery returns", "release"])
        XCTAssertEqual(harness.live.value, 0)
    }

    func testSendersHandOffsAndACloseRacingDeliverEachItemAtMostOnceAndNothingAfterTheRelease() {
        for round in 0..<30 {
            let harness = Harness()
            let closer = DispatchGroup()
            closer.enter()
            DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(round % 10 * 100)) {
                harness.serializer.close { harness.release() }
                closer.leave()
            }
            runThreads(4) { me in
                for index in 0..<500 {
                    let item = harness.item(me, index)
                    if me == 3 {
                        harness.serializer.sendWithoutWaiting(
                            item, { harness.record($0, by: me) }, release: harness.release)
                    } else {
                        harness.serializer.send(
                            item,
                            { delivered in
                                harness.record(delivered, by: me)
                                if delivered.index >= 0, delivered.index.isMultiple(of: 50) {
                                    harness.serializer.send(harness.item(me, -1 - delivered.index)) { _ in }
                                }
                            }, release: harness.release)
                    }
                }
            }
            XCTAssertEqual(closer.wait(timeout: .now() + 5), .success)
            XCTAssertEqual(harness.overlaps, 0, "round \(round)")
            XCTAssertEqual(harness.released, 1, "round \(round)")
            XCTAssertEqual(harness.deliveredAfterRelease, 0, "round \(round)")
            for sender in 0..<4 {
                let own = harness.delivered.filter { $0.item.sender == sender && $0.item.index >= 0 }.map(\.item.index)
                XCTAssertEqual(own, own.sorted(), "sender \(sender) in order, round \(round)")
                XCTAssertEqual(Set(own).count, own.count, "each once, round \(round)")
            }
            XCTAssertEqual(harness.live.value, 0, "nothing kept after closing, round \(round)")
        }
    }
}
