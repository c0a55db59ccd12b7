import RxCore
import RxDiagrams

// These overloads take exactly XCTest's `file:` and `line:` so that the compiler prefers them
// to XCTest's generic `XCTAssertEqual`; any extra defaulted parameter would make them lose.

/// Fails the current test unless the two lists of events are equal: equal elements, both
/// completed, or errors with the same domain, code and description (RxTest's rule).
///
/// The message lists both sides and every index where they differ. Works from XCTest and from
/// Swift Testing, reporting at the caller's line.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Event<Element>], _ rhs: [Event<Element>], _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    let difference = SequenceDifference.describe(lhs, rhs, equal: { $0 == $1 }, text: { $0.description })
    report(
        "XCTAssertEqual failed: the events differ", difference, message(),
        SourceContext(filePath: file, line: line))
}

/// Fails the current test unless the two lists of recorded events are equal: the same times
/// and equal events (errors compared by RxTest's rule).
///
/// The message lists both sides and every index where they differ, and gives the path of a
/// picture of both on one time axis, the first difference marked (see ``FailurePictures``).
/// Works from XCTest and from Swift Testing, reporting at the caller's line.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<Event<Element>>], _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    let difference = SequenceDifference.describe(lhs, rhs, equal: { $0 == $1 }, text: { $0.debugDescription })
    guard difference != nil else { return }
    let context = SourceContext(filePath: file, line: line)
    let index = (0..<max(lhs.count, rhs.count)).first { $0 >= lhs.count || $0 >= rhs.count || lhs[$0] != rhs[$0] } ?? 0
    let left = index < lhs.count ? lhs[index].debugDescription : "nothing"
    let right = index < rhs.count ? rhs[index].debugDescription : "nothing"
    let picture = MarbleDifference(
        title: "XCTAssertEqual failed at \(context.reportedFileID):\(line): the recorded events differ",
        expected: lhs.drawn { "\($0)" }, recorded: rhs.drawn { "\($0)" }, firstDifference: index,
        note: "first difference, at index \(index): lhs \(left), rhs \(right)", labels: ("lhs", "rhs"))
    report("XCTAssertEqual failed: the recorded events differ", difference, message(), context, picture: picture)
}

/// Fails the current test unless `stream` holds only `next` events whose elements are
/// `elements`, whatever their times. A stop event (`completed` or `error`) fails it.
public func XCTAssertRecordedElements<Element: Equatable>(
    _ stream: [Recorded<Event<Element>>], _ elements: [Element], _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    let context = SourceContext(filePath: file, line: line)
    if let stop = stream.first(where: { $0.value.isStopEvent }) {
        report(
            "XCTAssertRecordedElements failed: a stop event was recorded: \(stop.debugDescription)", "", message(),
            context)
        return
    }
    let recorded = stream.compactMap { $0.value.element }
    let difference = SequenceDifference.describe(recorded, elements, equal: { $0 == $1 }, text: { "\($0)" })
    report("XCTAssertRecordedElements failed: the elements differ", difference, message(), context)
}

/// Fails the current test unless the two lists of `Single` events are equal: equal elements, or
/// errors with the same domain, code and description (RxTest's rule).
///
/// The message lists both sides and every index where they differ.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>], _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    let difference = SequenceDifference.describe(lhs, rhs, equal: singleEventsMatch, text: { "\($0)" })
    report(
        "XCTAssertEqual failed: the events differ", difference, message(), SourceContext(filePath: file, line: line))
}

/// Fails the current test unless the two lists of `Maybe` events are equal: equal elements,
/// both `completed`, or errors with the same domain, code and description (RxTest's rule).
///
/// The message lists both sides and every index where they differ.
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [MaybeEvent<Element>], _ rhs: [MaybeEvent<Element>], _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    let difference = SequenceDifference.describe(lhs, rhs, equal: { $0 == $1 }, text: { "\($0)" })
    report(
        "XCTAssertEqual failed: the events differ", difference, message(), SourceContext(filePath: file, line: line))
}

/// Fails the current test unless the two lists of `Completable` events are equal: both
/// `completed`, or errors with the same domain, code and description (RxTest's rule).
///
/// The message lists both sides and every index where they differ.
public func XCTAssertEqual(
    _ lhs: [CompletableEvent], _ rhs: [CompletableEvent], _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    let difference = SequenceDifference.describe(lhs, rhs, equal: { $0 == $1 }, text: { "\($0)" })
    report(
        "XCTAssertEqual failed: the events differ", difference, message(), SourceContext(filePath: file, line: line))
}

// RxTest's spellings of the assertions above, without the message, kept for references by
// RxTest's names (such as `XCTAssertEqual(_:_:file:line:)` passed as a function); a call picks
// the forms above.

/// RxTest's spelling of `XCTAssertEqual(_:_:_:file:line:)` for events.
@_disfavoredOverload
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Event<Element>], _ rhs: [Event<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(lhs, rhs, "", file: file, line: line)
}

/// RxTest's spelling of `XCTAssertEqual(_:_:_:file:line:)` for recorded events.
@_disfavoredOverload
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<Event<Element>>], file: StaticString = #filePath,
    line: UInt = #line
) {
    XCTAssertEqual(lhs, rhs, "", file: file, line: line)
}

/// RxTest's spelling of `XCTAssertEqual(_:_:_:file:line:)` for recorded events of optional
/// elements.
@_disfavoredOverload
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element?>>], _ rhs: [Recorded<Event<Element?>>], file: StaticString = #filePath,
    line: UInt = #line
) {
    XCTAssertEqual(lhs, rhs, "", file: file, line: line)
}

/// RxTest's spelling of `XCTAssertEqual(_:_:_:file:line:)` for `Single` events.
@_disfavoredOverload
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(lhs, rhs, "", file: file, line: line)
}

/// RxTest's spelling of `XCTAssertEqual(_:_:_:file:line:)` for `Maybe` events.
@_disfavoredOverload
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [MaybeEvent<Element>], _ rhs: [MaybeEvent<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(lhs, rhs, "", file: file, line: line)
}

/// RxTest's spelling of `XCTAssertEqual(_:_:_:file:line:)` for `Completable` events.
@_disfavoredOverload
public func XCTAssertEqual(
    _ lhs: [CompletableEvent], _ rhs: [CompletableEvent], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(lhs, rhs, "", file: file, line: line)
}

/// RxTest's spelling of `XCTAssertRecordedElements(_:_:_:file:line:)`.
@_disfavoredOverload
public func XCTAssertRecordedElements<Element: Equatable>(
    _ stream: [Recorded<Event<Element>>], _ elements: [Element], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertRecordedElements(stream, elements, "", file: file, line: line)
}

private func report(
    _ summary: String, _ difference: String?, _ message: String, _ context: SourceContext,
    picture: MarbleDifference? = nil
) {
    guard let difference else { return }
    var text = message.isEmpty ? summary : "\(summary) - \(message)"
    if !difference.isEmpty {
        text += "\n" + difference
    }
    FailureReporter.report(text, picture: picture, at: context)
}
