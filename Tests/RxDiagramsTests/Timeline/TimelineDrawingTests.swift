import Foundation
import RxDiagrams
import RxTestSupport
import XCTest

/// What a timeline's picture shows: every recorded event as a mark at its place on one axis,
/// rows in the order data flows, a lane per overlapping subscription, idle stretches shortened,
/// threads in the legend, dropped events said; and the page that embeds it.
final class TimelineDrawingTests: RxTestCase {
    /// A run of two points: `source` sends two elements quickly, waits long, sends a third and
    /// completes; `output` is subscribed twice at once and once more after.
    private func recordedRun() -> Timeline {
        let clock = ManualClock()
        let timeline = clock.timeline()
        let output = timeline.subscription(at: "output")
        let other = timeline.subscription(at: "output")
        let source = timeline.subscription(at: "source")
        for (time, value) in [(10, "a"), (20, "bb"), (10_000, "a very long element indeed")] {
            clock.set(time)
            source.record(.next(value))
            output.record(.next(value))
        }
        clock.set(30)
        other.record(.disposed)
        let late = timeline.subscription(at: "output")
        clock.set(10_010)
        source.record(.completed)
        output.record(.error("boom"))
        late.record(.disposed)
        return timeline
    }

    func testEveryEventIsAMarkAtItsTimeInTimeOrder() throws {
        let timeline = recordedRun()
        let document = try XCTUnwrap(SVGDocument(timeline.svg()))
        let marks = document.marks
        let drawable = timeline.snapshot().events.filter { event in
            switch event.kind {
            case .disposed: false
            default: true
            }
        }
        // Every subscription, element and terminal event is a mark; disposals before a terminal
        // event are too (the two of `output`'s lanes that ended so), those after it are not.
        XCTAssertEqual(marks.filter { $0.attributes["data-kind"] != "disposed" }.count, drawable.count)
        XCTAssertEqual(marks.filter { $0.attributes["data-kind"] == "disposed" }.count, 2)
        var xByTime: [Int: Double] = [:]
        for mark in marks where mark.attributes["data-dx"] == nil {
            let time = try XCTUnwrap(mark.attributes["data-t"].flatMap { Int($0) })
            let x = try XCTUnwrap(mark.translation?.x)
            if let known = xByTime[time] { XCTAssertEqual(known, x, accuracy: 0.06, "time \(time)") }
            xByTime[time] = x
        }
        let ordered = xByTime.sorted { $0.key < $1.key }.map(\.value)
        XCTAssertEqual(ordered, ordered.sorted(), "x grows with time")
        XCTAssertEqual(document.root.attributes["role"], "img")
        XCTAssertEqual(document.root.attributes["data-unit"], "ticks")
    }

    func testRowsFollowTheDataAndOverlappingSubscriptionsGetLanesOfTheirOwn() throws {
        let document = try XCTUnwrap(SVGDocument(recordedRun().svg()))
        let labels = document.elements("text").filter { $0.attributes["class"] == "l" }.map(\.allText)
        // `source` records each element before `output` does, so it comes first although
        // `output` was subscribed first.
        XCTAssertEqual(labels, ["source", "output"])
        let outputLanes = Set(
            document.marks.filter { $0.allText.contains("subscription #2") || $0.allText.contains("subscription #1") }
                .compactMap { $0.translation?.y.rounded() })
        XCTAssertGreaterThanOrEqual(outputLanes.count, 2, "two subscriptions at once are drawn on two lanes")
    }

    func testALongIdleStretchIsShortenedAndMarked() throws {
        let svg = recordedRun().svg()
        let document = try XCTUnwrap(SVGDocument(svg))
        XCTAssertNotNil(document.root.attributes["data-idle"])
        XCTAssertTrue(document.texts.contains("⋯9970 ticks⋯"), "\(document.texts)")
        let width = try XCTUnwrap(Double(document.root.attributes["width"] ?? ""))
        XCTAssertLessThan(width, 1_300, "ten thousand ticks do not make the picture wide")
    }

    func testLongElementsAreCutAndListedUnderThePicture() throws {
        let document = try XCTUnwrap(SVGDocument(recordedRun().svg()))
        XCTAssertTrue(document.texts.contains("a very lon…"), "\(document.texts)")
        XCTAssertTrue(document.texts.contains("[1] a very long element indeed"), "\(document.texts)")
        XCTAssertEqual(document.texts.filter { $0 == "[1]" }.count, 2, "both marbles of the element carry its key")
    }

    func testEachMarkNamesItsEventTimeAndPlaceWhenPointedAt() throws {
        let document = try XCTUnwrap(SVGDocument(recordedRun().svg()))
        let notes = document.marks.compactMap { $0.children.first { $0.name == "title" }?.allText }
        XCTAssertTrue(notes.contains("bb at 20 on main thread, subscription #3"), "\(notes)")
        XCTAssertTrue(notes.contains("error: boom at 10010 on main thread, subscription #1"), "\(notes)")
        XCTAssertTrue(notes.contains("disposed at 30 on main thread, subscription #2"), "\(notes)")
    }

    func testABurstTooDenseToStackIsCountedAndAnErrorsTextIsKeyed() throws {
        let clock = ManualClock()
        let timeline = clock.timeline()
        let burst = timeline.subscription(at: "burst")
        for value in 0..<20 {
            burst.record(.next("\(value)"))
        }
        clock.set(1)
        burst.record(.error("Timeout after 30 s"))
        let document = try XCTUnwrap(SVGDocument(timeline.svg()))
        // Three stacked marbles, the other seventeen as dots on a row of their own, counted.
        XCTAssertEqual(document.marks.filter { $0.attributes["data-kind"] == "next" }.count, 20)
        XCTAssertTrue(document.texts.contains("×17"), "\(document.texts)")
        XCTAssertTrue(document.texts.contains("[1] error: Timeout after 30 s"), "\(document.texts)")
        let cross = try XCTUnwrap(document.marks.first { $0.attributes["data-kind"] == "error" })
        XCTAssertTrue(cross.allText.contains("[1]"))
    }

    func testThreadsGetAColourEachWithALegend() throws {
        let timeline = Timeline()
        let subscription = timeline.subscription(at: "source")
        subscription.record(.next("main"))
        DispatchQueue(label: "com.example.worker").sync { subscription.record(.next("worker")) }
        let document = try XCTUnwrap(SVGDocument(timeline.svg()))
        XCTAssertTrue(document.texts.contains("arrived on:"))
        XCTAssertTrue(document.texts.contains("main thread"))
        XCTAssertTrue(document.texts.contains("queue com.example.worker"))
        let fills = document.marks.filter { $0.attributes["data-kind"] == "next" }.compactMap { mark in
            mark.all.first { $0.name == "circle" || $0.name == "rect" }?.attributes["class"]
        }
        XCTAssertEqual(fills, ["p0", "p1"])
        XCTAssertEqual(document.root.attributes["data-unit"], "ns")
    }

    func testDroppedEventsAreSaidAndTheirLanesComeInDashed() throws {
        let clock = ManualClock()
        let timeline = clock.timeline(capacity: 3)
        let subscription = timeline.subscription(at: "source")
        for value in 1...5 {
            clock.set(value)
            subscription.record(.next("\(value)"))
        }
        let document = try XCTUnwrap(SVGDocument(timeline.svg()))
        XCTAssertTrue(
            document.texts.contains { $0.hasPrefix("3 older events dropped (capacity 3)") }, "\(document.texts)")
        XCTAssertTrue(document.elements("path").contains { $0.attributes["class"] == "k q" })
    }

    func testThePictureSaysItselfInWords() throws {
        let document = try XCTUnwrap(SVGDocument(recordedRun().svg(title: "A run")))
        XCTAssertEqual(document.elements("title").first?.allText, "A run")
        let description = try XCTUnwrap(document.elements("desc").first?.allText)
        XCTAssertTrue(description.hasPrefix("source: subscription #3 subscribed at 0, a at 10, bb at 20"), description)
        XCTAssertFalse(description.contains("@font-face") || description.contains("<image"))
    }

    func testThePageEmbedsThePictureAndListsEveryEvent() {
        let timeline = recordedRun()
        let page = timeline.html(title: "A run")
        XCTAssertTrue(page.hasPrefix("<!doctype html>"))
        XCTAssertTrue(page.contains("<title>A run</title>"))
        XCTAssertTrue(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertEqual(page.components(separatedBy: "<tr><td>").count - 1, timeline.snapshot().events.count)
        XCTAssertTrue(page.contains("<td>next(a very long element indeed)</td>"))
        XCTAssertFalse(page.contains("<script") || page.contains("src=") || page.contains("href="), "self-contained")
    }

    func testWritingChoosesTheFormatByExtensionAndReportsFailures() throws {
        let timeline = recordedRun()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try timeline.write(to: folder + "/run.svg")
        try timeline.write(to: folder + "/run.html")
        XCTAssertTrue(try String(contentsOfFile: folder + "/run.svg", encoding: .utf8).hasPrefix("<svg "))
        XCTAssertTrue(try String(contentsOfFile: folder + "/run.html", encoding: .utf8).hasPrefix("<!doctype html>"))
        XCTAssertThrowsError(try timeline.write(to: folder + "/missing/run.svg")) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot write \(folder)/missing/run.svg: "), "\(error)")
        }
    }

    func testAnEmptyTimelineDrawsAnEmptyPicture() throws {
        let document = try XCTUnwrap(SVGDocument(Timeline().svg()))
        XCTAssertTrue(document.marks.isEmpty)
        XCTAssertEqual(document.elements("title").first?.allText, "Timeline: 0 points, 0 events over 0 ns")
    }
}
