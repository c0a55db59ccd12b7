import RxDiagrams
import Synchronization
import Testing
import XCTest

/// Sends an assertion's failure to the test framework that is running the current test.
///
/// Inside a Swift Testing test (`Test.current` is set) the failure is an `Issue`;
/// otherwise it goes to `XCTFail`. A failure that comes with a picture of the difference has it
/// written first (``FailurePictures``), its path added to the message, and, in Swift Testing,
/// attached to the test. Tests of this module install a ``Capture`` to read the exact messages
/// and pictures instead.
enum FailureReporter {
    /// One reported failure, as a capture saw it.
    struct Failure: Equatable, Sendable {
        let message: String
        let fileID: String
        let line: UInt
        var picture: MarbleDifference? = nil
    }

    /// Collects failures instead of reporting them.
    final class Capture: Sendable {
        private let failures = Mutex<[Failure]>([])

        var recorded: [Failure] {
            failures.withLock { $0 }
        }

        func append(_ failure: Failure) {
            failures.withLock { $0.append(failure) }
        }
    }

    /// The capture of the current task, if any; task-local so parallel tests never mix.
    @TaskLocal static var capture: Capture?

    static func report(_ message: String, picture: MarbleDifference? = nil, at context: SourceContext) {
        if let capture {
            capture.append(
                Failure(message: message, fileID: context.reportedFileID, line: context.line, picture: picture))
            return
        }
        var message = message
        var written: String?
        if let picture, FailurePictures.isEnabled {
            switch FailurePictures.write(picture, at: context) {
            case .success(let path):
                message += "\npicture of the difference: \(path)"
                written = path
            case .failure(let error):
                message += "\nno picture of the difference: \(error)"
            }
        }
        if Test.current != nil {
            let location = SourceLocation(
                fileID: context.reportedFileID, filePath: "\(context.filePath)", line: Int(context.line),
                column: Int(context.reportedColumn))
            Issue.record(Comment(rawValue: message), sourceLocation: location)
            if let picture, let written {
                let name = written.split(separator: "/").last.map(String.init) ?? "difference.svg"
                Attachment.record(picture.svg(), named: name, sourceLocation: location)
            }
        } else {
            XCTFail(message, file: context.filePath, line: context.line)
        }
    }

    /// Records `message` as a Swift Testing issue at `location` (a test's own, for a trait's
    /// check), or hands it to the current capture.
    static func report(_ message: String, at location: SourceLocation) {
        if let capture {
            capture.append(Failure(message: message, fileID: location.fileID, line: UInt(location.line)))
        } else {
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        }
    }

    /// Runs `body` and returns the failures it reported, without reporting them.
    static func capturing(_ body: () throws -> Void) rethrows -> [Failure] {
        let capture = Capture()
        try $capture.withValue(capture) {
            try body()
        }
        return capture.recorded
    }

    /// Runs the asynchronous `body` and returns the failures it reported, without reporting them.
    static func capturing(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
    ) async rethrows -> [Failure] {
        let capture = Capture()
        try await $capture.withValue(capture) {
            try await body()
        }
        return capture.recorded
    }
}
