import Dispatch
import RxCore
import RxDiagrams
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

@testable import RxOperators

/// `debug(_:into:)` passes everything on unchanged and records, at its point, every
/// subscription, event and disposal with its virtual time and thread.
final class DebugTimelineTests: RxTestCase {
    private func timeline(on scheduler: TestScheduler) -> Timeline {
        Timeline(scheduler: scheduler)
    }

    private func recorded(_ timeline: Timeline, at point: String? = nil) -> [String] {
        timeline.snapshot().events.filter { point == nil || $0.point == point }.map { event in
            "\(event.kind) @ \(event.time) #\(event.subscription)"
        }
    }

    func testRecordsSubscriptionEventsAndDisposalAtTheirVirtualTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let timeline = timeline(on: scheduler)

        let res = scheduler.start { xs.debug("numbers", into: timeline) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(250)])
        XCTAssertEqual(
            recorded(timeline),
            [
                "subscribed @ 200 #1", "next(\"1\") @ 210 #1", "next(\"2\") @ 220 #1", "completed @ 250 #1",
                "disposed @ 250 #1",
            ])
        XCTAssertEqual(Set(timeline.snapshot().events.map(\.point)), ["numbers"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testRecordsErrorsAndASubscribersDisposalOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.error(250, TestError.boom, Int.self)])
        let endless = scheduler.createHotObservable([.next(210, 1)])
        let timeline = timeline(on: scheduler)
        let failed = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = failing.debug("failing", into: timeline).subscribe(failed)
            let subscription = endless.debug("endless", into: timeline).subscribe { _ in }
            scheduler.scheduleAt(300) {
                subscription.dispose()
                subscription.dispose()
            }
        }
        scheduler.start()

        XCTAssertEqual(failed.events, [.error(250, TestError.boom)])
        XCTAssertEqual(
            recorded(timeline, at: "failing"),
            ["subscribed @ 200 #1", "error(\"\(TestError.boom)\") @ 250 #1", "disposed @ 250 #1"])
        XCTAssertEqual(
            recorded(timeline, at: "endless"), ["subscribed @ 200 #2", "next(\"1\") @ 210 #2", "disposed @ 300 #2"])
    }

    func testEverySubscriptionIsNumberedAndPointsShareOneTimeline() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
        let timeline = timeline(on: scheduler)
        let chain = xs.debug("source", into: timeline).map { $0.uppercased() }.debug("mapped", into: timeline)
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)
        scheduler.scheduleAt(200) { _ = chain.subscribe(first) }
        scheduler.scheduleAt(300) { _ = chain.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(second.events, [.next(310, "A"), .completed(320)])
        XCTAssertEqual(
            recorded(timeline, at: "mapped"),
            [
                "subscribed @ 200 #1", "next(\"A\") @ 210 #1", "completed @ 220 #1", "disposed @ 220 #1",
                "subscribed @ 300 #3", "next(\"A\") @ 310 #3", "completed @ 320 #3", "disposed @ 320 #3",
            ])
        XCTAssertEqual(
            recorded(timeline, at: "source").filter { $0.hasPrefix("subscribed") },
            ["subscribed @ 200 #2", "subscribed @ 300 #4"])
    }

    func testTheDefaultNameIsTheCallsFileLineAndFunction() {
        let scheduler = TestScheduler(initialClock: 0)
        let timeline = timeline(on: scheduler)
        let line = #line + 1
        _ = scheduler.start { Observable.just(1).debug(into: timeline) }
        XCTAssertEqual(
            Set(timeline.snapshot().events.map(\.point)),
            ["DebugTimelineTests.swift:\(line) (testTheDefaultNameIsTheCallsFileLineAndFunction())"])
    }

    func testAnElementsDescriptionRunsWithoutTheTimelineLocked() {
        // A description that records into the same timeline would deadlock under its lock.
        let scheduler = TestScheduler(initialClock: 0)
        let timeline = timeline(on: scheduler)
        let aside = timeline.subscription(at: "aside")
        let xs = scheduler.createHotObservable([.next(210, Loud(timeline: aside)), .completed(220)])

        let res = scheduler.start { xs.debug("loud", into: timeline) }

        XCTAssertEqual(res.events.count, 2)
        XCTAssertEqual(
            recorded(timeline, at: "aside"), ["subscribed @ 0 #1", "next(\"described\") @ 210 #1"])
        XCTAssertTrue(recorded(timeline, at: "loud").contains("next(\"loud\") @ 210 #2"))
    }

    func testElementsAreDescribedAsStringDescribingSpellsThem() {
        func check<Value>(_ value: Value, line: UInt = #line) {
            XCTAssertEqual(
                ElementDescription.describer(for: Value.self)(value), String(describing: value), line: line)
        }
        check(42)
        check("text")
        check(Optional(1))
        check([1, 2])
        check(Loud(timeline: Timeline().subscription(at: "aside")))
        check(Streamed())
        check(Plain(value: 3))
    }

    func testRecordsTheThreadOrQueueEachEventArrivesOn() {
        let timeline = Timeline()
        let queue = SerialDispatchQueueScheduler(internalSerialQueueName: "rx.timeline.test")
        let done = expectation(description: "completed on the queue")
        let subject = PublishSubject<Int>()
        let subscription =
            subject
            .debug("sent", into: timeline)
            .observe(on: queue)
            .debug("observed", into: timeline)
            .subscribe(onCompleted: { done.fulfill() })
        subject.onNext(1)
        subject.onCompleted()
        wait(for: [done], timeout: 10)
        subscription.dispose()

        let events = timeline.snapshot().events
        let sent = events.filter { $0.point == "sent" && $0.kind == .next("1") }.map(\.thread)
        let observed = events.filter { $0.point == "observed" && $0.kind == .next("1") }.map(\.thread)
        XCTAssertEqual(sent, ["main thread"])
        XCTAssertEqual(observed, ["queue rx.timeline.test"])
    }

    func testManyChainsOnManyQueuesRecordIntoOneTimelineAtOnce() {
        let timeline = Timeline(capacity: 100_000)
        let chains = 8
        let elements = 500
        let finished = expectation(description: "every chain completed")
        finished.expectedFulfillmentCount = chains
        var subscriptions: [any Disposable] = []
        for chain in 0..<chains {
            let queue = SerialDispatchQueueScheduler(internalSerialQueueName: "rx.timeline.stress.\(chain)")
            subscriptions.append(
                Observable.range(start: 0, count: elements, scheduler: queue)
                    .debug("chain \(chain % 3)", into: timeline)
                    .subscribe(onCompleted: { finished.fulfill() }))
        }
        wait(for: [finished], timeout: 30)
        for subscription in subscriptions { subscription.dispose() }

        let events = timeline.snapshot().events
        XCTAssertEqual(events.filter { if case .next = $0.kind { true } else { false } }.count, chains * elements)
        XCTAssertEqual(events.filter { $0.kind == .completed }.count, chains)
        XCTAssertEqual(Set(events.filter { $0.kind == .completed }.map(\.thread)).count, chains)
        XCTAssertEqual(Set(events.map(\.point)), ["chain 0", "chain 1", "chain 2"])
    }
}

/// A value that writes itself one way and describes itself another: `String(describing:)` writes.
private struct Streamed: TextOutputStreamable, CustomStringConvertible {
    func write<Target: TextOutputStream>(to target: inout Target) { target.write("written") }
    var description: String { "described" }
}

/// A value with no description of its own.
private struct Plain {
    let value: Int
}

/// An element whose description records into a timeline.
private struct Loud: CustomStringConvertible {
    let timeline: TimelineSubscription

    var description: String {
        timeline.record(.next("described"))
        return "loud"
    }
}
