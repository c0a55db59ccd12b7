import RxCore

/// Fails the current test (XCTest or Swift Testing) unless `observer` recorded exactly the
/// events `diagram` describes, frame zero being the virtual time `subscribed`.
///
/// The comparison is exact; on failure the message shows both diagrams aligned, a caret under
/// the first difference, and the recorded events with their times (see
/// ``TestScheduler/marbleMismatch(_:_:values:error:subscribed:)``). It is reported at the
/// caller's line.
public func assertMarbles<Element: Equatable>(
    _ observer: TestableObserver<Element>, _ diagram: String, values: [Character: Element] = [:],
    error: (any Error)? = nil, subscribed: TestTime = TestScheduler.Defaults.subscribed,
    fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let mismatch = observer.scheduler.marbleMismatch(
        observer.events, diagram, values: values, error: error, subscribed: subscribed)
    if let mismatch {
        FailureReporter.report(
            mismatch, at: SourceContext(fileID: fileID, filePath: file, line: line, column: column))
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
