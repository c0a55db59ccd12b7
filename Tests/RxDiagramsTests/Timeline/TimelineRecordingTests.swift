import Dispatch
import Foundation
import RxDiagrams
import RxTestSupport
import Synchronization
import XCTest

/// What a timeline keeps: each event with its time, point, subscription and place, at most its
/// capacity of them, recorded from any number of threads.
final class TimelineRecordingTests: RxTestCase {
    func testRecordsEachEventWithItsTimeSubscriptionAndPlace() {
        let clock = ManualClock()
        let timeline = clock.timeline()
        let first = timeline.subscription(at: "source")
        clock.set(10)
        first.record(.next("1"))
        let second = timeline.subscription(at: "output")
        clock.set(20)
        first.record(.completed)
        first.record(.disposed)
        second.record(.error("boom"))

        let snapshot = timeline.snapshot()
        XCTAssertEqual(
            snapshot.events.map(\.kind), [.subscribed, .next("1"), .subscribed, .completed, .disposed, .error("boom")])
        XCTAssertEqual(snapshot.events.map(\.time), [0, 10, 10, 20, 20, 20])
        XCTAssertEqual(snapshot.events.map(\.point), ["source", "source", "output", "source", "source", "output"])
        XCTAssertEqual(snapshot.events.map(\.subscription), [1, 1, 2, 1, 1, 2])
        XCTAssertEqual(snapshot.events.map(\.sequence), Array(0..<6))
        XCTAssertEqual(Set(snapshot.events.map(\.thread)), ["main thread"])
        XCTAssertEqual(snapshot.unit, .ticks)
        XCTAssertEqual(snapshot.droppedCount, 0)
        XCTAssertNil(snapshot.droppedUntil)
        XCTAssertEqual(first.number, 1)
        XCTAssertEqual(second.number, 2)
    }

    func testCapacityKeepsTheNewestEventsAndCountsTheDroppedOnes() {
        let clock = ManualClock()
        let timeline = clock.timeline(capacity: 4)
        let subscription = timeline.subscription(at: "source")
        for value in 1...9 {
            clock.set(value * 10)
            subscription.record(.next("\(value)"))
        }
        let snapshot = timeline.snapshot()
        XCTAssertEqual(snapshot.events.map(\.kind), [.next("6"), .next("7"), .next("8"), .next("9")])
        XCTAssertEqual(snapshot.events.map(\.sequence), [6, 7, 8, 9])
        XCTAssertEqual(snapshot.droppedCount, 6)
        XCTAssertEqual(snapshot.droppedUntil, 50)
        XCTAssertEqual(snapshot.capacity, 4)
        XCTAssertEqual(timeline.count, 4)
    }

    func testLongTextsAreCutToABoundedNumberOfBytes() {
        let timeline = ManualClock().timeline()
        let subscription = timeline.subscription(at: "source")
        subscription.record(.next(String(repeating: "é", count: 1_000)))
        subscription.record(.error(String(repeating: "x", count: 1_000)))
        subscription.record(.next(String(repeating: "y", count: Timeline.longestText)))
        let texts = timeline.snapshot().events.compactMap { event -> String? in
            switch event.kind {
            case .next(let text), .error(let text): text
            default: nil
            }
        }
        XCTAssertEqual(texts.count, 3)
        for text in texts.prefix(2) {
            XCTAssertLessThanOrEqual(text.utf8.count, Timeline.longestText)
            XCTAssertTrue(text.hasSuffix("…"), text)
        }
        XCTAssertEqual(texts.last, String(repeating: "y", count: Timeline.longestText))
    }

    func testThreadsAndQueuesAreNamedAsTheLegendShowsThem() throws {
        let timeline = ManualClock().timeline()
        let subscription = timeline.subscription(at: "source")
        DispatchQueue(label: "com.example.work").sync { subscription.record(.next("on a queue")) }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            subscription.record(.next("on a global queue"))
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        let thread = Thread {
            subscription.record(.next("on a thread"))
            done.signal()
        }
        thread.start()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)

        let places = Dictionary(
            timeline.snapshot().events.map { event in ("\(event.kind)", event.thread) }, uniquingKeysWith: { $1 })
        XCTAssertEqual(places["subscribed"], "main thread")
        XCTAssertEqual(places["\(TimelineEvent.Kind.next("on a queue"))"], "queue com.example.work")
        XCTAssertEqual(places["\(TimelineEvent.Kind.next("on a global queue"))"], "global queue (default-qos)")
        XCTAssertEqual(places["\(TimelineEvent.Kind.next("on a thread"))"], "thread 1")
    }

    func testRecordingFromManyThreadsAtOnceKeepsEveryEventOnce() {
        let timeline = Timeline(capacity: 100_000)
        let threads = 8
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { index in
            let subscription = timeline.subscription(at: "point \(index % 2)")
            for value in 0..<perThread {
                subscription.record(.next("\(value)"))
            }
            subscription.record(.disposed)
        }
        let snapshot = timeline.snapshot()
        XCTAssertEqual(snapshot.events.count, threads * (perThread + 2))
        XCTAssertEqual(Set(snapshot.events.map(\.sequence)).count, snapshot.events.count)
        XCTAssertEqual(Set(snapshot.events.map(\.subscription)), Set(1...threads))
        for subscription in 1...threads {
            let values = snapshot.events.filter { $0.subscription == subscription }.compactMap { event -> Int? in
                if case .next(let text) = event.kind { Int(text) } else { nil }
            }
            XCTAssertEqual(values, Array(0..<perThread), "subscription \(subscription) kept its order")
        }
        let times = snapshot.events.filter { $0.subscription == 1 }.map(\.time)
        XCTAssertEqual(times, times.sorted(), "the monotonic clock never goes back")
    }

    func testTheClockIsReadWithoutTheLockHeld() {
        // A clock that reads the timeline it stamps would deadlock if it were called under the
        // timeline's lock.
        let box = Mutex<Timeline?>(nil)
        let timeline = Timeline(clock: .virtual { box.withLock { $0?.count ?? 0 } })
        box.withLock { $0 = timeline }
        let subscription = timeline.subscription(at: "source")
        subscription.record(.next("a"))
        subscription.record(.next("b"))
        XCTAssertEqual(timeline.snapshot().events.map(\.time), [0, 1, 2])
        box.withLock { $0 = nil }
    }

    func testRemoveAllForgetsTheEventsAndTheDroppedCount() {
        let timeline = ManualClock().timeline(capacity: 2)
        let subscription = timeline.subscription(at: "source")
        subscription.record(.next("a"))
        subscription.record(.next("b"))
        timeline.removeAll()
        XCTAssertEqual(timeline.count, 0)
        XCTAssertEqual(timeline.snapshot().droppedCount, 0)
        subscription.record(.completed)
        XCTAssertEqual(timeline.snapshot().events.map(\.kind), [.completed])
    }
}
