import RxCore
import RxDisposables
import Synchronization

/// The base of the sinks that subscribe to one source after another (`catch(sequence:)`,
/// `retry`, `retry(when:)`, `Observable.concat`): subclasses say which source comes next and
/// what a failure, or a completion, means; this class runs the attempts.
///
/// An attempt is asked for with ``requestNextAttempt()``. When an attempt is already being
/// started, on this thread or another (a source that fails inside its own `subscribe`), the
/// request is only counted and the loop already running starts the attempt once the current
/// `subscribe` has returned. A source that fails at once, forever, therefore loops instead of
/// growing the stack, and stops as soon as the sink is disposed, from any thread.
class ResubscribingSink<Observer: ObserverType>: Sink<Observer> {
    /// The current attempt's subscription: replacing it disposes the previous one; the sink
    /// holds it as its upstream, so disposing the sink disposes it and every later one.
    final let attempt = SerialDisposable()

    // The number of attempts asked for and not yet started, plus one while a loop runs them.
    private final let requests = Atomic<Int>(0)

    // Whether `attempt` may still hold an earlier attempt's subscription: false while every
    // attempt so far ended while being subscribed, and so was never stored. Replacing nothing
    // with nothing would still take the lock and copy and destroy two optional existentials.
    // Touched only by the attempts, which run one at a time.
    private final var mayHoldAttempt = false

    /// Starts the next attempt now, or, when a loop is starting one already, has that loop start
    /// it after.
    final func requestNextAttempt() {
        guard requests.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 else { return }
        repeat {
            // Once disposed, the count stays above zero, so no loop ever starts again.
            if isDisposed { return }
            startNextAttempt()
        } while requests.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue != 0
    }

    /// Subscribes `source` with a fresh ``AttemptObserver``, after disposing the previous
    /// attempt.
    final func subscribeAttempt(to source: Observable<Observer.Element>) {
        // Disposes the previous attempt first, as RxSwift does.
        if mayHoldAttempt {
            attempt.disposable = nil
            mayHoldAttempt = false
        }
        // Held: `attempt` disposes the subscription when the next attempt replaces it or the sink
        // is disposed, so a producer's sink comes with no disposer of its own.
        let observer = AttemptObserver(sink: self)
        let subscription = source.subscribeAsUpstream(observer)
        // An attempt that ended while being subscribed has only asked for the next one, which the
        // loop starts after this: its finished subscription is disposed now rather than kept
        // until then (with `retry(when:)`, that can be until a trigger sends).
        if observer.hasEnded {
            subscription.dispose()
            return
        }
        // Disposed at once when the sink was disposed meanwhile.
        attempt.disposable = subscription
        mayHoldAttempt = true
    }

    /// Starts the next attempt (``subscribeAttempt(to:)``) or ends the sequence when there is
    /// none. Attempts run one at a time, from ``requestNextAttempt()``'s loop.
    func startNextAttempt() {
        rxAbstractMethod()
    }

    /// The current attempt failed with `error`.
    func attemptFailed(_ error: any Swift.Error) {
        rxAbstractMethod()
    }

    /// The current attempt completed; unless overridden, so does the sequence.
    func attemptCompleted() {
        forwardCompletedAndDispose()
    }
}

/// Observes one attempt: passes its elements on and reports its terminal event to the sink. It
/// lets nothing through after the attempt's terminal event, so a source that ignores disposal
/// cannot send into a later attempt.
final class AttemptObserver<Observer: ObserverType>: EventRoutingObserver {
    typealias Element = Observer.Element

    private let sink: ResubscribingSink<Observer>
    private let gate = TerminalGate()

    init(sink: ResubscribingSink<Observer>) {
        self.sink = sink
    }

    /// Whether the attempt has sent its terminal event.
    var hasEnded: Bool {
        !gate.admitsElements
    }

    func onNext(_ element: Element) {
        if gate.admitsElements {
            sink.forwardNext(element)
        }
    }

    func onError(_ error: any Swift.Error) {
        if gate.admitsTerminalEvent() {
            sink.attemptFailed(error)
        }
    }

    func onCompleted() {
        if gate.admitsTerminalEvent() {
            sink.attemptCompleted()
        }
    }
}
