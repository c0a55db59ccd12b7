import RxCore
import RxDiagrams

/// Fails the current test (XCTest or Swift Testing) unless `observer` recorded exactly the
/// events `diagram` describes, frame zero being the virtual time `subscribed`.
///
/// The comparison is exact; on failure the message shows both diagrams aligned, a caret under
/// the first difference, and the recorded events with their times (see
/// ``TestScheduler/marbleMismatch(_:_:values:error:subscribed:)``). It is reported at the
/// caller's line, with the path of a picture of the two sequences, the first difference marked
/// (see ``FailurePictures``).
public func assertMarbles<Element: Equatable>(
    _ observer: TestableObserver<Element>, _ diagram: String, values: [Character: Element] = [:],
    error: (any Error)? = nil, subscribed: TestTime = TestScheduler.Defaults.subscribed,
    fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let comparison = observer.scheduler.marbleComparison(
        observer.events, diagram, values: values, error: error, subscribed: subscribed)
    if let comparison {
        let context = SourceContext(fileID: fileID, filePath: file, line: line, column: column)
        var picture = comparison.picture
        picture?.title = "assertMarbles failed at \(context.reportedFileID):\(line)"
        FailureReporter.report(comparison.message, picture: picture, at: context)
    }
}

/// Fails the current test (XCTest or Swift Testing) unless `observable` recorded exactly the
/// subscriptions the diagrams describe, one diagram per subscription in order.
///
/// The message shows the expected and recorded subscriptions as aligned diagrams with a
/// caret under the first difference (see
/// ``TestScheduler/subscriptionsMismatch(_:_:subscribed:)``), reported at the caller's line.
public func assertSubscriptions<Element>(
    _ observable: TestableObservable<Element>, _ diagrams: String...,
    subscribed: TestTime = TestScheduler.Defaults.subscribed,
    fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let mismatch = observable.scheduler.subscriptionsMismatch(
        observable.subscriptions, diagrams, subscribed: subscribed)
    if let mismatch {
        FailureReporter.report(
            mismatch, at: SourceContext(fileID: fileID, filePath: file, line: line, column: column))
    }
}
