import RxDiagrams
import RxTestSupport
import XCTest

/// A failing test's picture: both sequences on one axis, the first difference banded, its two
/// events ringed, and the difference said in words.
final class MarbleDifferenceTests: RxTestCase {
    private let difference = MarbleDifference(
        title: "assertMarbles failed at Tests/SearchTests.swift:12",
        expected: [
            .init(time: 210, value: .next("a")), .init(time: 240, value: .next("b")),
            .init(time: 260, value: .completed),
        ],
        recorded: [
            .init(time: 210, value: .next("a")), .init(time: 250, value: .next("b")),
            .init(time: 260, value: .completed),
        ],
        firstDifference: 1, subscribed: 200)

    func testBothSequencesAreDrawnOnOneAxisWithTheirSubscription() throws {
        let document = try XCTUnwrap(SVGDocument(difference.svg()))
        let labels = document.elements("text").filter { $0.attributes["class"] == "l" }.map(\.allText)
        XCTAssertEqual(labels, ["expected", "recorded"])
        let marks = document.marks
        XCTAssertEqual(marks.filter { $0.attributes["data-kind"] == "subscribed" }.count, 2)
        XCTAssertEqual(marks.filter { $0.attributes["data-kind"] == "next" }.count, 4)
        XCTAssertEqual(marks.filter { $0.attributes["data-kind"] == "completed" }.count, 2)
        let aPositions = marks.filter { $0.attributes["data-t"] == "210" }.compactMap { $0.translation?.x }
        XCTAssertEqual(aPositions.count, 2)
        XCTAssertEqual(aPositions.first ?? 0, aPositions.last ?? 1, accuracy: 0.01, "one axis for both lines")
        XCTAssertEqual(document.elements("title").first?.allText, "assertMarbles failed at Tests/SearchTests.swift:12")
    }

    func testTheFirstDifferenceIsBandedRingedAndSaid() throws {
        let document = try XCTUnwrap(SVGDocument(difference.svg()))
        let band = try XCTUnwrap(document.elements("rect").first { $0.attributes["class"] == "df" })
        XCTAssertEqual(band.attributes["data-t"], "240")
        let ringed = document.marks.filter { mark in mark.all.contains { $0.attributes["class"] == "dr" } }
        XCTAssertEqual(ringed.compactMap { $0.attributes["data-t"] }, ["240", "250"])
        let bandLeft = try XCTUnwrap(Double(band.attributes["x"] ?? ""))
        let bandRight = bandLeft + (try XCTUnwrap(Double(band.attributes["width"] ?? "")))
        for mark in ringed {
            let x = try XCTUnwrap(mark.translation?.x)
            XCTAssertTrue(bandLeft < x && x < bandRight, "the band covers both differing events")
        }
        XCTAssertTrue(
            document.texts.contains("first difference: expected next(b) at 240, recorded next(b) at 250"),
            "\(document.texts)")
        XCTAssertEqual(difference.timesOfFirstDifference, [240, 250])
    }

    func testAMissingEventIsMarkedWhereTheLongerSequenceGoesOn() throws {
        let shorter = MarbleDifference(
            title: "XCTAssertEqual failed", expected: [.init(time: 210, value: .next("a"))],
            recorded: [.init(time: 210, value: .next("a")), .init(time: 300, value: .error(nil))], firstDifference: 1,
            note: "first difference, at index 1", labels: ("lhs", "rhs"))
        let document = try XCTUnwrap(SVGDocument(shorter.svg()))
        XCTAssertEqual(document.elements("rect").first { $0.attributes["class"] == "df" }?.attributes["data-t"], "300")
        XCTAssertTrue(document.texts.contains("first difference, at index 1"))
        XCTAssertTrue(document.texts.contains("lhs") && document.texts.contains("rhs"))
        XCTAssertEqual(shorter.timesOfFirstDifference, [300])
        let description = try XCTUnwrap(document.elements("desc").first?.allText)
        XCTAssertEqual(
            description, "lhs: next(a) at 210. rhs: next(a) at 210, error(error) at 300. first difference, at index 1.")
    }
}
