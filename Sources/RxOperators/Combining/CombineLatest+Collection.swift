import RxCore
import RxDisposables

extension ObservableType {
    /// Once every sequence of `collection` has sent an element, the result of the latest element
    /// of each, in the collection's order, each time any of them sends one, through
    /// `resultSelector`.
    ///
    /// Completes when every sequence has completed, or as soon as one sends while all the others
    /// have completed and one of them never sent anything. An empty collection sends
    /// `resultSelector([])` and completes, at once, as RxSwift does. Fails with the first error,
    /// or an error thrown by `resultSelector`, disposing every subscription.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let resultSelector =
            handlerIsolation.isNonisolated
            ? resultSelector : handlerIsolation.guarding(resultSelector, "combineLatest(resultSelector:)")
        return CombineLatestCollection(sources: collection.map { $0.asObservable() }, resultSelector: resultSelector)
    }

    /// Once every sequence of `collection` has sent an element, the latest element of each, in
    /// the collection's order, each time any of them sends one; as
    /// ``combineLatest(_:resultSelector:isolation:file:line:)`` with the elements as they are, so an empty
    /// collection sends `[]` and completes at once.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
    where Collection.Element: ObservableType, Collection.Element.Element == Element {
        CombineLatestCollection(sources: collection.map { $0.asObservable() }, resultSelector: { $0 })
    }
}

/// The producer behind `combineLatest` of a collection.
final class CombineLatestCollection<SourceElement, Result>: Producer<Result> {
    private let sources: [Observable<SourceElement>]
    private let resultSelector: ([SourceElement]) throws -> Result

    init(sources: [Observable<SourceElement>], resultSelector: @escaping ([SourceElement]) throws -> Result) {
        self.sources = sources
        self.resultSelector = resultSelector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Result {
        let sink = CombineLatestCollectionSink<Observer, SourceElement>(
            count: sources.count, resultSelector: resultSelector, observer: observer, cancel: cancel)
        let running = sink.holding(CompositeDisposable(disposables: sink.subscriptions))
        for (index, source) in sources.enumerated() {
            sink.subscriptions[index].setDisposable(
                source.subscribe(CombineLatestCollectionObserver(sink: sink, index: index)))
        }
        if sources.isEmpty {
            sink.combineNoSources()
        }
        return running
    }
}

/// Keeps the latest element of every sequence of the collection and, once each has sent one,
/// sends the result of all of them whenever any sends.
final class CombineLatestCollectionSink<Observer: ObserverType, SourceElement>:
    SerializingSink<Observer, [SourceElement]>
{
    let subscriptions: [SingleAssignmentDisposable]
    private let resultSelector: ([SourceElement]) throws -> Observer.Element
    // Touched only by the thread holding the serializer.
    private var latest: [SourceElement?]
    private var withLatest = 0
    private var isDone: [Bool]
    private var doneCount = 0

    init(
        count: Int, resultSelector: @escaping ([SourceElement]) throws -> Observer.Element, observer: Observer,
        cancel: any Cancelable
    ) {
        subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
        self.resultSelector = resultSelector
        latest = Array(repeating: nil, count: count)
        isDone = Array(repeating: false, count: count)
        super.init(observer: observer, cancel: cancel)
    }

    /// With no sources, every source has sent (vacuously) and every source has completed: the
    /// result of no elements, then completion, as RxSwift's `combineLatest` of a collection sends;
    /// or the error `resultSelector` throws (after which the completion is not sent: the sink is
    /// disposed). No source can send meanwhile, so nothing needs serializing.
    func combineNoSources() {
        deliver([])
        forwardCompletedAndDispose()
    }

    func next(_ element: SourceElement, at index: Int) {
        guard !isTerminated else { return }
        if latest[index] == nil {
            withLatest += 1
        }
        var replaced: SourceElement? = element
        swap(&latest[index], &replaced)
        // `replaced` dies as this returns, once this event is delivered: whatever its `deinit`
        // sends follows it.
        let delivery: SerializedDelivery<[SourceElement]>?
        if withLatest < latest.count {
            let othersDone = doneCount - (isDone[index] ? 1 : 0)
            delivery = othersDone == latest.count - 1 ? claimOrQueue(terminate(.completed)) : nil
        } else {
            delivery = claimOrQueue(.item(latest.map { $0! }))
        }
        if let delivery {
            deliverClaimed(delivery)
        }
    }

    /// Handles the completion of the source at `index`, holding the serializer. The caller then
    /// lets go of that source's subscription, after giving the serializer back: its teardown may
    /// wait for a thread that is itself waiting for the serializer to send into another source
    /// (RxSwift's test2703).
    func done(at index: Int) {
        guard !isTerminated, !isDone[index] else { return }
        isDone[index] = true
        doneCount += 1
        if doneCount == isDone.count, let delivery = claimOrQueue(terminate(.completed)) {
            deliverClaimed(delivery)
        }
    }

    func fail(_ error: any Swift.Error) {
        guard !isTerminated, let delivery = claimOrQueue(terminate(.error(error))) else { return }
        deliverClaimed(delivery)
    }

    override func deliver(_ item: [SourceElement]) {
        let result: Observer.Element
        do {
            result = try resultSelector(item)
        } catch {
            failFromSelector(error)
            return
        }
        forwardNext(result)
    }

    override func releaseRetainedState() {
        latest = latest.map { _ in nil }
    }
}

/// One sequence's observer in a `combineLatest` of a collection.
struct CombineLatestCollectionObserver<Observer: ObserverType, SourceElement>: ObserverType {
    let sink: CombineLatestCollectionSink<Observer, SourceElement>
    let index: Int

    func on(_ event: Event<SourceElement>) {
        sink.serialized {
            switch event {
            case .next(let element):
                sink.next(element, at: index)
            case .error(let error):
                sink.fail(error)
            case .completed:
                sink.done(at: index)
            }
        }
        if event.isStopEvent {
            // After giving the serializer back: see `done(at:)`.
            sink.subscriptions[index].dispose()
        }
    }
}
