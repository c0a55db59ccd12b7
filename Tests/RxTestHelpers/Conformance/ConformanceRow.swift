import RxCore
import RxTestSupport
import Testing

/// One row of an operator conformance table: an operator (or a chain of them, named together)
/// applied on a test scheduler, with what every operator is held to checked on it by the suite
/// that reads the table. Adding an operator adds a row; `rx-tools check-operators` fails while a
/// public operator has none, and reads the rows from the source of the tables themselves.
///
/// A row is made with ``passingThrough(_:on:deliveredLateBy:subscribedLateBy:unsubscribedLateBy:around:sourceLocation:_:)``
/// (an operator that passes its source's elements on unchanged, checked on a source the row
/// is given) or ``creating(_:on:sends:around:sourceLocation:_:)`` (any other, checked on the
/// sequence the row makes), then, for each bad argument on which the operator stops the program,
/// ``stopping(_:_:)`` with that bad call.
public struct ConformanceRow: Sendable, CustomTestStringConvertible {
    /// The type whose operator a row checks, as `rx-tools check-operators` reads it.
    public enum Host: String, Sendable {
        case observable, infallible, single, maybe, completable, driver, signal
    }

    /// A bad argument that stops the program, with the message it stops with.
    public struct Stop: Sendable {
        /// What the program prints as it stops.
        public let message: String
        /// The bad call, made in a child process.
        public let call: @Sendable () -> Void
    }

    /// What a check runs inside: `SharingScheduler.mock(scheduler:)` for a driver or a signal,
    /// whose operators deliver on the sharing scheduler.
    public typealias Environment = @Sendable (TestScheduler, () -> Void) -> Void

    /// The operator as a reader looks it up: `take(while:)`, `materialize().dematerialize()`.
    public let name: String
    /// The type the operator is a member of.
    public let host: Host
    /// The bad arguments the operator stops on, as its entry in `Docs/Operators.md` says.
    public private(set) var stops: [Stop] = []
    /// Where the row is written, where its failures are reported.
    public let sourceLocation: SourceLocation
    let checkDisposal: @Sendable (SourceLocation) -> Void
    let checkGrammar: @Sendable (SourceLocation) -> Void

    /// `host.name`, unique among the rows of a table that have ``stops``.
    public var key: String { "\(host.rawValue).\(name)" }

    /// The row as the test report names it: its ``key``.
    public var testDescription: String { key }

    /// Disposal at every awkward moment: disposed twice mid-stream, from this thread and from
    /// another; before the first event; after the last (see `DisposalAssertions.swift`).
    public func assertDisposalAtAwkwardMoments() {
        checkDisposal(sourceLocation)
    }

    /// The event grammar, `next* (error | completed)?`: nothing after a terminal event, even from a
    /// source that keeps sending after one and after disposal.
    public func assertEventGrammar() {
        checkGrammar(sourceLocation)
    }

    /// This row, with a bad call that stops the program with `message` (checked in a child
    /// process by the suite).
    public func stopping(_ message: String, _ call: @escaping @Sendable () -> Void) -> ConformanceRow {
        var row = self
        row.stops.append(Stop(message: message, call: call))
        return row
    }

    /// A row for an operator that passes the elements of its source on unchanged, applied by
    /// `apply` to a source of `Int`s on a `TestScheduler` (the second argument, for operators
    /// that take one). An operator that moves events by a tick says so, as
    /// `assertDisposal(passingThrough:)` takes it.
    public static func passingThrough(
        _ name: String, on host: Host = .observable, deliveredLateBy delay: TestTime = 0,
        subscribedLateBy subscribeDelay: TestTime = 0, unsubscribedLateBy unsubscribeDelay: TestTime = 0,
        around environment: Environment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
        _ apply: @escaping @Sendable (Observable<Int>, TestScheduler) -> Observable<Int>
    ) -> ConformanceRow {
        let inside = environment ?? { _, body in body() }
        return ConformanceRow(
            name: name, host: host, sourceLocation: sourceLocation,
            checkDisposal: { location in
                assertDisposal(
                    passingThrough: name, deliveredLateBy: delay, subscribedLateBy: subscribeDelay,
                    unsubscribedLateBy: unsubscribeDelay, around: inside, at: location, apply)
            },
            checkGrammar: { location in
                assertGrammar(passingThrough: name, deliveredLateBy: delay, around: inside, at: location, apply)
            })
    }

    /// A row for an operator that makes its own elements (a creation operator, an operator over
    /// sources that fail or never end, one that does not pass elements through as they come),
    /// made by `make` on a `TestScheduler`; `events` is what a subscriber sees when it subscribes
    /// at 200 and disposes at 202, as `assertDisposal(creating:sends:)` takes it.
    public static func creating(
        _ name: String, on host: Host = .observable, sends events: [Recorded<Event<Int>>],
        around environment: Environment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
        _ make: @escaping @Sendable (TestScheduler) -> Observable<Int>
    ) -> ConformanceRow {
        creating(name, on: host, of: Int.self, sends: events, around: environment, sourceLocation: sourceLocation, make)
    }

    /// ``creating(_:on:sends:around:sourceLocation:_:)`` for another element type (`Never` for a
    /// `Completable`, `String`, a tuple's parts).
    public static func creating<Element: Equatable & Sendable>(
        _ name: String, on host: Host = .observable, of _: Element.Type, sends events: [Recorded<Event<Element>>],
        around environment: Environment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
        _ make: @escaping @Sendable (TestScheduler) -> Observable<Element>
    ) -> ConformanceRow {
        let inside = environment ?? { _, body in body() }
        return ConformanceRow(
            name: name, host: host, sourceLocation: sourceLocation,
            checkDisposal: { location in
                assertDisposal(creating: name, sends: events, around: inside, at: location, make)
            },
            checkGrammar: { location in
                assertGrammar(creating: name, around: inside, at: location, make)
            })
    }
}
