import RxCore
import RxDisposables
import RxTestSupport

/// One operator's example, as data: its inputs as marble diagrams, the call, and the output it
/// must record, as a marble diagram.
///
/// The same value drives the test that checks the output (`MarbleExampleTests`) and the picture
/// `rx-marbles` draws from the recorded run, so the two cannot disagree. Elements are strings:
/// a value character of a diagram stands for itself, and `values` names the longer outputs.
public struct MarbleExample: Sendable {
    /// The family the gallery groups the example under.
    public let family: MarbleFamily
    /// The file name of the picture, without extension; unique across all examples.
    public let name: String
    /// The heading (its text after the `#`s) whose section of `document` shows the picture;
    /// empty for a picture shown only in the galleries.
    public let heading: String
    /// The Markdown document, from the package's root, that holds `heading`.
    public let document: String
    /// The call drawn in the caption box, as a user would write it.
    public let call: String
    /// The inputs, drawn above the caption in this order.
    public let inputs: [MarbleInput]
    /// What the subscriber must record, frame zero being the virtual time 200.
    public let expected: String
    /// The output values that are not one character, by the character `expected` uses.
    public let values: [Character: String]
    /// The error a `#` of `expected` stands for: the one the inputs send unless the operator
    /// makes its own.
    public let error: any Error & Sendable
    /// The ticks one frame lasts, in the diagrams and in the picture.
    public let ticksPerFrame: TestTime
    /// When the subscriber subscribes (200 unless the example is about subscribing late).
    public let subscribed: TestTime
    /// When the subscriber's subscription is disposed.
    public let disposed: TestTime
    /// The label of the output's line.
    public let outputLabel: String
    /// Builds the sequence under test from the inputs; called at virtual time 100.
    public let make: @Sendable (MarbleContext) -> Observable<String>

    /// An example; see the properties for each argument.
    public init(
        _ family: MarbleFamily, _ name: String, heading: String, document: String = "Docs/Operators.md", call: String,
        inputs: [MarbleInput] = [],
        expected: String, values: [Character: String] = [:], error: any Error & Sendable = MarbleError(),
        ticksPerFrame: TestTime = 10,
        subscribed: TestTime = 200, disposed: TestTime = 1000, outputLabel: String = "output",
        make: @escaping @Sendable (MarbleContext) -> Observable<String>
    ) {
        self.family = family
        self.name = name
        self.heading = heading
        self.document = document
        self.call = call
        self.inputs = inputs
        self.expected = expected
        self.values = values
        self.error = error
        self.ticksPerFrame = ticksPerFrame
        self.subscribed = subscribed
        self.disposed = disposed
        self.outputLabel = outputLabel
        self.make = make
    }
}

/// An input of an example: a hot sequence (drawn once, as written) or a cold one (drawn once
/// per subscription, on a line of its own that starts where the subscription does).
public struct MarbleInput: Sendable {
    /// The name the example's closure finds it by, and the line's label.
    public let label: String
    /// Its events, frame zero being the virtual time 200 for a hot input and the subscription
    /// for a cold one.
    public let diagram: String
    /// Whether it is cold.
    public let isCold: Bool

    /// A hot input.
    public static func hot(_ label: String, _ diagram: String) -> MarbleInput {
        MarbleInput(label: label, diagram: diagram, isCold: false)
    }

    /// A cold input.
    public static func cold(_ label: String, _ diagram: String) -> MarbleInput {
        MarbleInput(label: label, diagram: diagram, isCold: true)
    }
}

/// The families of the gallery, in its order.
public enum MarbleFamily: String, CaseIterable, Sendable {
    case creating = "Creating sequences"
    case time = "Time"
    case transforming = "Transforming"
    case filtering = "Filtering"
    case conditions = "Conditions"
    case combining = "Combining"
    case errorHandling = "Error handling"
    case sideEffects = "Side effects and debugging"
    case multicasting = "Multicasting"
    case scheduling = "Scheduling"
    case traits = "Traits"
    case subjects = "Subjects"
}

/// The error every `#` of the examples sends.
public struct MarbleError: Error, Equatable, CustomStringConvertible {
    /// An error.
    public init() {}

    /// Its text.
    public var description: String { "error" }
}

/// What an example's closure builds with: the scheduler and the inputs, by label.
public final class MarbleContext {
    /// The scheduler the example runs on.
    public let scheduler: TestScheduler
    private let inputs: [String: TestableObservable<String>]
    private let disposed: TestTime
    var inner: [(label: String, observer: TestableObserver<String>, start: TestTime)] = []

    init(scheduler: TestScheduler, inputs: [String: TestableObservable<String>], disposed: TestTime) {
        self.scheduler = scheduler
        self.inputs = inputs
        self.disposed = disposed
    }

    /// Disposes `subscription` when the example's subscriber is disposed, so that an example
    /// leaves nothing alive.
    public func disposeAtEnd(_ subscription: any Disposable) {
        scheduler.scheduleAt(disposed) { subscription.dispose() }
    }

    /// The input labelled `label`.
    public subscript(_ label: String) -> Observable<String> {
        guard let input = inputs[label] else { preconditionFailure("no input labelled \(label)") }
        return input.asObservable()
    }

    /// Records `sequence` from now (or from `time`) on, drawn as a line of its own below the
    /// output: how higher-order operators (`window`, `groupBy`) show the sequences they send,
    /// and how sharing operators show a second subscriber.
    public func record(_ sequence: Observable<String>, label: String, at time: TestTime? = nil) {
        let observer = scheduler.createObserver(String.self)
        guard let time else {
            inner.append((label, observer, scheduler.clock))
            disposeAtEnd(sequence.subscribe(observer))
            return
        }
        inner.append((label, observer, time))
        scheduler.scheduleAt(time) { self.disposeAtEnd(sequence.subscribe(observer)) }
    }
}
