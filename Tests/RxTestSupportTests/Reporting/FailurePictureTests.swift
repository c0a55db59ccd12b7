import Foundation
import RxCore
import RxDiagrams
import RxSchedulers
import XCTest

@testable import RxTestSupport

/// A failing marble or recorded-events assertion draws expected and recorded events on one axis
/// and gives the picture's path in its message; a passing one writes nothing; pictures can be
/// turned off. The failures here are reported into this test case and read back, not left to
/// fail the suite.
final class FailurePictureTests: RxTestCase {
    private var intercepted: [String] = []
    private var intercepting = false
    private var folder = ""

    override func setUp() {
        super.setUp()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("failure-pictures-\(UUID())").path
        FailurePictures.directory = folder
    }

    override func tearDown() {
        FailurePictures.reset()
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if intercepting {
            intercepted.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// The failures `body` reports, read instead of failing the test.
    private func failures(_ body: () -> Void) -> [String] {
        intercepted = []
        intercepting = true
        body()
        intercepting = false
        return intercepted
    }

    /// The path a message names as its picture.
    private func picturePath(in message: String?) -> String? {
        message?.split(separator: "\n").last { $0.hasPrefix("picture of the difference: ") }
            .map { String($0.dropFirst("picture of the difference: ".count)) }
    }

    private func recordedRun() throws -> TestableObserver<String> {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-a-b--|")
        return scheduler.start { xs }
    }

    func testAMarbleFailureCarriesThePictureOfTheDifference() throws {
        let res = try recordedRun()
        let line: UInt = #line + 1
        let failure = try XCTUnwrap(FailureReporter.capturing { assertMarbles(res, "-a--b-|") }.first)
        let picture = try XCTUnwrap(failure.picture)
        XCTAssertEqual(picture.title, "assertMarbles failed at RxTestSupportTests/FailurePictureTests.swift:\(line)")
        XCTAssertEqual(
            picture.expected,
            [
                .init(time: 210, value: .next("a")), .init(time: 240, value: .next("b")),
                .init(time: 260, value: .completed),
            ])
        XCTAssertEqual(
            picture.recorded,
            [
                .init(time: 210, value: .next("a")), .init(time: 230, value: .next("b")),
                .init(time: 260, value: .completed),
            ])
        XCTAssertEqual(picture.firstDifference, 1)
        XCTAssertEqual(picture.subscribed, 200)
        XCTAssertEqual(
            picture.note, "first difference at 230 (frame 3): expected next(b) @ 240, recorded next(b) @ 230")
        XCTAssertFalse(failure.message.contains("picture of the difference"), "a capture writes no file")
    }

    func testTheFailureMessageGivesThePathOfThePictureWrittenThen() throws {
        let res = try recordedRun()
        let messages = failures { assertMarbles(res, "-a--b-|") }
        XCTAssertEqual(messages.count, 1)
        let path = try XCTUnwrap(picturePath(in: messages.first), messages.first ?? "")
        XCTAssertTrue(path.hasPrefix(folder + "/RxTestSupportTests-FailurePictureTests-"), path)
        XCTAssertTrue(path.hasSuffix(".svg"), path)
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(svg.contains("class=\"df\" data-t=\"230\""), "the first difference is banded")
        XCTAssertTrue(messages.first?.contains("recorded events differ from the marble diagram at 230") ?? false)
    }

    func testAPassingAssertionWritesNothing() throws {
        let res = try recordedRun()
        XCTAssertEqual(failures { assertMarbles(res, "-a-b--|") }, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder))
    }

    func testPicturesCanBeTurnedOff() throws {
        let res = try recordedRun()
        FailurePictures.isEnabled = false
        let messages = failures { assertMarbles(res, "-a--b-|") }
        XCTAssertEqual(messages.count, 1)
        XCTAssertNil(picturePath(in: messages.first))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder))
        FailurePictures.isEnabled = true
        XCTAssertTrue(FailurePictures.isEnabled)
    }

    func testEachFailureOfOneLineKeepsItsOwnPicture() throws {
        let res = try recordedRun()
        var paths: [String?] = []
        for diagram in ["-a--b-|", "-a-b-|"] {
            paths.append(picturePath(in: failures { assertMarbles(res, diagram) }.first))
        }
        let first = try XCTUnwrap(paths.first ?? nil)
        XCTAssertEqual(paths.last ?? nil, String(first.dropLast(".svg".count)) + "-2.svg")
        XCTAssertTrue(paths.allSatisfy { $0.map(FileManager.default.fileExists(atPath:)) ?? false })
    }

    func testRecordedEventsComparisonsDrawTooWithTheirSidesNamed() throws {
        let line: UInt = #line + 2
        let failure = try XCTUnwrap(
            FailureReporter.capturing { XCTAssertEqual([Recorded.next(210, 1), .completed(220)], [.next(215, 1)]) }
                .first)
        let picture = try XCTUnwrap(failure.picture)
        XCTAssertEqual(
            picture.title,
            "XCTAssertEqual failed at RxTestSupportTests/FailurePictureTests.swift:\(line): the recorded events differ")
        XCTAssertEqual(picture.labels.expected, "lhs")
        XCTAssertEqual(picture.labels.recorded, "rhs")
        XCTAssertEqual(picture.firstDifference, 0)
        XCTAssertEqual(picture.note, "first difference, at index 0: lhs next(1) @ 210, rhs next(1) @ 215")
        let messages = failures { XCTAssertEqual([Recorded.next(210, 1)], [.next(215, 1)]) }
        XCTAssertNotNil(picturePath(in: messages.first))
    }

    func testAFolderThatCannotBeWrittenIsSaidInTheMessage() throws {
        let res = try recordedRun()
        let blocker = folder + "-file"
        XCTAssertTrue(FileManager.default.createFile(atPath: blocker, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        FailurePictures.directory = blocker + "/pictures"
        let messages = failures { assertMarbles(res, "-a--b-|") }
        XCTAssertTrue(
            messages.first?.split(separator: "\n").last?.hasPrefix("no picture of the difference: ") ?? false,
            messages.first ?? "")
    }

    func testAMalformedDiagramDrawsNoPicture() throws {
        let res = try recordedRun()
        let failure = FailureReporter.capturing { assertMarbles(res, "-(a") }.first
        XCTAssertNotNil(failure)
        XCTAssertNil(failure?.picture)
    }
}
