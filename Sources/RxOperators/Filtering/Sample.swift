import RxCore
import RxDisposables

extension ObservableType {
    /// At each element of `sampler`, sends the source's latest element if one arrived since the
    /// previous sample, or else `defaultValue` when it is given (nothing when it is `nil`).
    ///
    /// The source is subscribed to first, then `sampler`. `sampler` completing takes one last
    /// sample the same way. The source's completion is passed on at the next sample (the
    /// sampler's next element or its completion), after that sample: as in RxSwift, a sampler
    /// that has already completed leaves the sequence without an end. An error from either is
    /// passed on and ends the subscription. The events of the two are serialized: downstream is
    /// never called from two threads at once.
    ///
    /// As in RxSwift, `sampler`'s events wait while the source's thread delivers the source's
    /// error or tears the source down at its completion (the source's elements are only kept, and
    /// never make it wait for user code): if that error's observer, or the source's teardown,
    /// waits for the queue `sampler` sends on (an `interval` on the main queue and
    /// `DispatchQueue.main.sync`), the two deadlock. Unlike the time operators' own timers, a
    /// sampler is any sequence, whose events cannot be sent again later.
    public func sample(_ sampler: some ObservableType, defaultValue: Element? = nil) -> Observable<Element> {
        Sample(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue)
    }
}

/// The producer behind `sample(_:defaultValue:)`.
final class Sample<Element, Sampler>: Producer<Element> {
    private let source: Observable<Element>
    private let sampler: Observable<Sampler>
    private let defaultValue: Element?

    init(source: Observable<Element>, sampler: Observable<Sampler>, defaultValue: Element?) {
        self.source = source
        self.sampler = sampler
        self.defaultValue = defaultValue
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sourceSubscription = SingleAssignmentDisposable()
        let samplerSubscription = SingleAssignmentDisposable()
        let sink = SampleSink<Observer, Sampler>(
            defaultValue: defaultValue, sourceSubscription: sourceSubscription, observer: observer, cancel: cancel)
        let running = sink.holding(Disposables.create(sourceSubscription, samplerSubscription))
        sourceSubscription.setDisposable(source.subscribe(sink))
        // The source may have failed while being subscribed; the sampler is then left alone.
        if !sink.isDisposed {
            samplerSubscription.setDisposable(sampler.subscribe(SampleSamplerObserver(sink: sink)))
        }
        return running
    }
}

/// Keeps the source's latest element and sends it at each sample.
final class SampleSink<Observer: ObserverType, Sampler>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let serializer = Serializer<SourceOrOther<Element, Sampler>>()
    private let defaultValue: Element?
    private let sourceSubscription: SingleAssignmentDisposable
    // Touched only by the thread holding the serializer. `latest` is held only until it is
    // sampled or replaced.
    private var latest: Element?
    private var sourceEnded = false
    private var samplerEnded = false

    init(
        defaultValue: Element?, sourceSubscription: SingleAssignmentDisposable, observer: Observer,
        cancel: any Cancelable
    ) {
        self.defaultValue = defaultValue
        self.sourceSubscription = sourceSubscription
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        guard !isDisposed else { return }
        serializer.send(.source(event), handle, release: releaseLatest)
    }

    func onSampler(_ event: Event<Sampler>) {
        guard !isDisposed else { return }
        serializer.send(.other(event), handle, release: releaseLatest)
    }

    private func handle(_ input: SourceOrOther<Element, Sampler>) {
        switch input {
        case .source(let event):
            // Anything the source sends after its own completion is not an event of it.
            guard !sourceEnded else { return }
            switch event {
            case .next(let element):
                latest = element
            case .error(let error):
                latest = nil
                forwardErrorAndDispose(error)
            case .completed:
                sourceEnded = true
                sourceSubscription.dispose()
            }
        case .other(let event):
            guard !samplerEnded else { return }
            switch event {
            case .next:
                takeSample()
            case .error(let error):
                latest = nil
                forwardErrorAndDispose(error)
            case .completed:
                samplerEnded = true
                takeSample()
            }
        }
    }

    private func takeSample() {
        if let element = latest {
            latest = nil
            forwardNext(element)
        } else if let defaultValue {
            forwardNext(defaultValue)
        }
        if sourceEnded {
            forwardCompletedAndDispose()
        }
    }

    override func dispose() {
        super.dispose()
        // What waits in the queue, and the latest element, are released holding the serializer,
        // by this thread or by the one handling an event at this moment.
        serializer.close(releasing: releaseLatest)
    }

    private func releaseLatest() {
        let released = latest
        latest = nil
        _ = released
    }
}

/// Passes the sampler's events to its `sample(_:defaultValue:)` sink.
final class SampleSamplerObserver<Observer: ObserverType, Sampler>: ObserverType {
    typealias Element = Sampler

    private let sink: SampleSink<Observer, Sampler>

    init(sink: SampleSink<Observer, Sampler>) {
        self.sink = sink
    }

    func on(_ event: Event<Sampler>) {
        sink.onSampler(event)
    }
}
