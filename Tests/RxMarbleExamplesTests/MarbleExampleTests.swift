import Foundation
import RxCore
import RxDiagrams
import RxMarbleExamples
import RxTestSupport
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The marble examples are tests: each operator records exactly its expected diagram, and each
/// picture drawn from the run is a small, valid, accessible SVG whose marbles sit at their times.
final class MarbleExampleTests: RxTestCase {
    func testEveryExampleRecordsItsExpectedDiagram() throws {
        for example in MarbleExample.all {
            let recording = try MarbleRecording(example)
            XCTAssertNil(recording.mismatch, "\(example.name): \(recording.mismatch ?? "")")
        }
    }

    func testAnExampleWhoseOutputDiffersIsReported() throws {
        let wrong = MarbleExample(
            .transforming, "wrong", heading: "", call: "map { $0 }", inputs: [.hot("source", "-a-|")],
            expected: "-b-|"
        ) { context in context["source"].asObservable() }
        let mismatch = try XCTUnwrap(try MarbleRecording(wrong).mismatch)
        XCTAssertTrue(mismatch.contains("recorded: -a-|"), mismatch)
    }

    func testExampleNamesAreUniqueFileNames() {
        let names = MarbleExample.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count)
        for name in names {
            XCTAssertTrue(name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }, name)
        }
    }

    func testEveryPictureIsSmallValidAndPlacesEachMarkAtItsTime() throws {
        for example in MarbleExample.all {
            let recording = try MarbleRecording(example)
            let svg = MarbleSVG.draw(recording.diagram)
            XCTAssertLessThan(svg.utf8.count, 8_000, "\(example.name): the picture is too large")
            XCTAssertFalse(svg.contains("<image") || svg.contains("@font-face") || svg.contains("base64"), example.name)

            let reader = SVGReader()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = reader
            XCTAssertTrue(parser.parse(), "\(example.name): \(parser.parserError.map { "\($0)" } ?? "not XML")")

            XCTAssertEqual(reader.root["role"], "img", example.name)
            XCTAssertFalse(reader.text["title", default: ""].isEmpty, "\(example.name): no <title>")
            let description = reader.text["desc", default: ""]
            XCTAssertTrue(description.contains("\(example.call) sends"), "\(example.name): <desc> is \(description)")

            let origin = try XCTUnwrap(Double(reader.root["data-origin"] ?? ""))
            let ticksPerFrame = try XCTUnwrap(Double(reader.root["data-ticks-per-frame"] ?? ""))
            let x0 = try XCTUnwrap(Double(reader.root["data-x0"] ?? ""))
            let frameWidth = try XCTUnwrap(Double(reader.root["data-frame-width"] ?? ""))
            XCTAssertEqual(ticksPerFrame, Double(example.ticksPerFrame), example.name)
            for mark in reader.marks {
                let expected = x0 + (mark.time - origin) / ticksPerFrame * frameWidth + mark.offset
                XCTAssertEqual(
                    mark.x, expected, accuracy: 0.06, "\(example.name): a mark at \(mark.time) is at x \(mark.x)")
            }
            // Only a terminal event, one per line at most, is moved off its time (just after the
            // element it shares its time with).
            XCTAssertLessThanOrEqual(reader.marks.filter { $0.offset != 0 }.count, recording.lines.count, example.name)
            // Every recorded event of every line is drawn as one mark with its time.
            let events = recording.lines.reduce(0) { $0 + $1.events.count }
            XCTAssertEqual(reader.marks.filter(\.isEvent).count, events, example.name)
            let output = recording.output.map { Double($0.time) }.sorted()
            let drawnTimes = Set(reader.marks.map(\.time))
            XCTAssertTrue(output.allSatisfy(drawnTimes.contains), example.name)
        }
    }

    func testTheDescriptionSaysTheExampleInWords() throws {
        let example = try XCTUnwrap(MarbleExample.all.first { $0.name == "map" })
        let svg = MarbleSVG.draw(try MarbleRecording(example).diagram)
        XCTAssertTrue(
            svg.contains(
                "source: a at frame 1, b at frame 3, c at frame 5, completes at frame 7. map { $0.uppercased() } sends:"
                    + " A at frame 1, B at frame 3, C at frame 5, completes at frame 7."), svg)
    }

    func testEverySymbolPageNamesAnExampleAndTheGalleryShowsEveryExample() {
        let names = Set(MarbleExample.all.map(\.name))
        for name in MarbleDocuments.symbols.keys.sorted() {
            XCTAssertTrue(names.contains(name), "MarbleDocuments.symbols names no example \(name)")
        }
        let gallery = MarbleDocuments.gallery(MarbleExample.all)
        let docc = MarbleDocuments.doccGallery(MarbleExample.all)
        for example in MarbleExample.all {
            XCTAssertTrue(gallery.contains("](Marbles/\(example.name).svg)"), example.name)
            XCTAssertTrue(docc.contains("](marble-\(example.name).svg)"), example.name)
        }
        let pages = MarbleDocuments.doccSymbolPages(MarbleExample.all)
        XCTAssertEqual(Set(pages.map(\.path)).count, pages.count)
        XCTAssertEqual(pages.count, Set(MarbleDocuments.symbols.values).count)
    }

    func testSubjectsPicturesGoUnderTheirSectionOfTheSubjectsGuide() {
        let subjects = MarbleExample.all.filter { $0.family == .subjects }
        XCTAssertEqual(subjects.count, 4)
        let document = "# Subjects\n\n## The subjects in diagrams\n\nText.\n"
        guard case .success(let text) = MarbleDocuments.addingPictures(subjects, to: document, at: "Docs/Subjects.md")
        else { return XCTFail("the section was not found") }
        XCTAssertTrue(text.hasPrefix("# Subjects\n\n## The subjects in diagrams\n\n![PublishSubject"), text)
        XCTAssertTrue(text.hasSuffix("(Marbles/AsyncSubject.svg)\n\nText.\n"), text)
        guard case .success(let operators) = MarbleDocuments.addingPictures(subjects, to: document) else {
            return XCTFail("another document's examples were looked for")
        }
        XCTAssertEqual(operators, document)
    }

    func testAltTextEscapesBrackets() throws {
        let example = try XCTUnwrap(MarbleExample.all.first { $0.name == "from" })
        XCTAssertEqual(
            MarbleDocuments.image(example), #"![Observable.from(\["a", "b"\], scheduler: s)](Marbles/from.svg)"#)
    }

    func testOperatorsDocumentGetsOnePictureLinePerExampleOnce() {
        let document = "# Ops\n\n### `map(_:)`\n\nMaps.\n"
        let map = MarbleExample.all.filter { $0.heading == "`map(_:)`" }
        guard case .success(let once) = MarbleDocuments.addingPictures(map, to: document) else {
            return XCTFail("the heading was not found")
        }
        XCTAssertEqual(once, "# Ops\n\n### `map(_:)`\n\n![map { $0.uppercased() }](Marbles/map.svg)\n\nMaps.\n")
        guard case .success(let twice) = MarbleDocuments.addingPictures(map, to: once) else {
            return XCTFail("the heading was not found")
        }
        XCTAssertEqual(twice, once)
        guard case .failure = MarbleDocuments.addingPictures(map, to: "# Ops\n") else {
            return XCTFail("a missing heading is not reported")
        }
    }
}

/// Collects what the tests check of an SVG: the root's attributes, the text of `<title>` and
/// `<desc>`, and each mark's time and x position.
private final class SVGReader: NSObject, XMLParserDelegate {
    struct Mark {
        let time: Double
        let x: Double
        let isEvent: Bool
        let offset: Double
    }

    var root: [String: String] = [:]
    var text: [String: String] = [:]
    var marks: [Mark] = []
    private var current: String?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        if elementName == "svg" { root = attributes }
        current = elementName
        guard let time = attributes["data-t"].flatMap(Double.init), let transform = attributes["transform"] else {
            return
        }
        let inside = transform.drop { $0 != "(" }.dropFirst().prefix { $0 != "," }
        marks.append(
            Mark(
                time: time, x: Double(inside) ?? .nan, isEvent: attributes["class"] == "e",
                offset: attributes["data-dx"].flatMap(Double.init) ?? 0))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let current, current == "title" || current == "desc" {
            text[current, default: ""] += string
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        current = nil
    }
}
