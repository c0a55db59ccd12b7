import RxCore
import RxDisposables
import Synchronization

extension ObservableType {
    /// Mirrors whichever of `sources` sends an event first, element or terminal event, and
    /// disposes the others at that moment.
    ///
    /// The sources are subscribed to in order. A source that sends while being subscribed to
    /// wins before the later ones are subscribed, and those are then not subscribed to at all.
    /// An empty collection gives a sequence that never sends anything, as in RxSwift.
    public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        let sources = Array(sequence)
        if sources.isEmpty {
            return .never()
        }
        return Amb(sources: sources)
    }

    /// Mirrors whichever of this sequence and `right` sends an event first, element or terminal
    /// event, and disposes the other at that moment. This sequence is subscribed to first.
    public func amb<O2: ObservableType>(_ right: O2) -> Observable<Element> where Element == O2.Element {
        Amb(sources: [asObservable(), right.asObservable()])
    }
}

/// The producer behind `amb(_:)` and `Observable.amb(_:)`.
final class Amb<Element>: Producer<Element> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let subscriptions = sources.map { _ in SingleAssignmentDisposable() }
        let sink = AmbSink(subscriptions: subscriptions, observer: observer, cancel: cancel)
        let running = sink.holding(CompositeDisposable(disposables: subscriptions))
        for (index, source) in sources.enumerated() {
            // Decided (or disposed) while an earlier source was subscribed: the rest are
            // losers already, and stay unsubscribed.
            guard !sink.isDecided, !sink.isDisposed else { break }
            subscriptions[index].setDisposable(source.subscribe(AmbObserver(sink: sink, index: index)))
        }
        return running
    }
}

/// Lets the first source to send win, and forwards the winner's events.
final class AmbSink<Observer: ObserverType>: Sink<Observer> {
    typealias Element = Observer.Element

    // The winner's index, or -1 while undecided; set once, by compare-and-exchange.
    private let winner = Atomic<Int>(-1)
    private let subscriptions: [SingleAssignmentDisposable]

    init(subscriptions: [SingleAssignmentDisposable], observer: Observer, cancel: any Cancelable) {
        self.subscriptions = subscriptions
        super.init(observer: observer, cancel: cancel)
    }

    var isDecided: Bool {
        winner.load(ordering: .acquiring) >= 0
    }

    /// Whether the source at `index` is the first to send; if so, the others are disposed
    /// before this returns.
    func claim(_ index: Int) -> Bool {
        guard winner.compareExchange(expected: -1, desired: index, ordering: .acquiringAndReleasing).exchanged
        else { return false }
        for (other, subscription) in subscriptions.enumerated() where other != index {
            subscription.dispose()
        }
        return true
    }

    func forward(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            forwardNext(element)
        case .error(let error):
            forwardErrorAndDispose(error)
        case .completed:
            forwardCompletedAndDispose()
        }
    }
}

/// Observes one source of `amb`: claims the win at its first event, then forwards or drops.
final class AmbObserver<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    private enum State {
        case undecided, won, lost
    }

    private let sink: AmbSink<Observer>
    private let index: Int
    // Touched only by this source's events, which arrive one at a time.
    private var state = State.undecided

    init(sink: AmbSink<Observer>, index: Int) {
        self.sink = sink
        self.index = index
    }

    func on(_ event: Event<Element>) {
        switch state {
        case .won:
            sink.forward(event)
        case .lost:
            return
        case .undecided:
            if sink.claim(index) {
                state = .won
                sink.forward(event)
            } else {
                state = .lost
            }
        }
    }
}
