import RxCore
import RxDisposables

/// What a test saw, in order, from any thread.
final class CallLog: Sendable {
    private let lines = RxMutex<[String]>([])

    var entries: [String] {
        lines.withLock { $0 }
    }

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }
}

/// An error a test can recognise by its number.
struct NumberedError: Swift.Error, Equatable, CustomStringConvertible {
    let id: Int

    var description: String { "NumberedError(\(id))" }
}

/// A test-only sequence built the way operators are: on each subscription it makes a
/// ``TestSink``, hands it to `body` as an observer, and returns a subscription that logs
/// "upstream released" when disposed.
final class TestProducer<Element>: Producer<Element> {
    private let log: CallLog?
    private let body: (AnyObserver<Element>) -> Void

    init(log: CallLog? = nil, _ body: @escaping (AnyObserver<Element>) -> Void) {
        self.log = log
        self.body = body
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = TestSink(observer: observer, cancel: cancel)
        body(AnyObserver(sink))
        let log = self.log
        return sink.holding(Disposables.create { log?.append("upstream released") })
    }
}

/// Forwards what it receives and ends the subscription on a terminal event, as operator sinks do.
final class TestSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    func on(_ event: Event<Element>) {
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}

/// Keeps the observer a ``TestProducer`` body received, so a test can emit after subscribing.
final class ObserverSlot<Element> {
    var observer: AnyObserver<Element>?
}

/// An object whose lifetime a test watches through a weak reference.
final class Token: Sendable {}
