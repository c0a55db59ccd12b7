import RxCore
import RxDisposables

extension ObservableType {
    /// The result of the first elements of every sequence of `collection`, in the collection's
    /// order, then of the second elements, and so on, through `resultSelector`: each element is
    /// used once, as soon as every sequence has sent its element at that position.
    ///
    /// Elements waiting for their partners are queued, and let go of as they are paired.
    /// Completes when every sequence has completed, or, as in RxSwift, when a sequence sends an
    /// element that cannot be paired yet while all the others have completed; an empty collection
    /// completes at once. Fails with the first error, or an error thrown by `resultSelector`,
    /// disposing every subscription.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let resultSelector =
            handlerIsolation.isNonisolated
            ? resultSelector : handlerIsolation.guarding(resultSelector, "zip(resultSelector:)")
        return ZipCollection(sources: collection.map { $0.asObservable() }, resultSelector: resultSelector)
    }

    /// The first elements of every sequence of `collection`, in the collection's order, then the
    /// second elements, and so on; as ``zip(_:resultSelector:isolation:file:line:)`` with the elements as they are.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
    where Collection.Element: ObservableType, Collection.Element.Element == Element {
        ZipCollection(sources: collection.map { $0.asObservable() }, resultSelector: { $0 })
    }
}

/// The producer behind `zip` of a collection.
final class ZipCollection<SourceElement, Result>: Producer<Result> {
    private let sources: [Observable<SourceElement>]
    private let resultSelector: ([SourceElement]) throws -> Result

    init(sources: [Observable<SourceElement>], resultSelector: @escaping ([SourceElement]) throws -> Result) {
        self.sources = sources
        self.resultSelector = resultSelector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Result {
        let sink = ZipCollectionSink<Observer, SourceElement>(
            count: sources.count, resultSelector: resultSelector, observer: observer, cancel: cancel)
        let running = sink.holding(CompositeDisposable(disposables: sink.subscriptions))
        for (index, source) in sources.enumerated() {
            sink.subscriptions[index].setDisposable(source.subscribe(ZipCollectionObserver(sink: sink, index: index)))
        }
        if sources.isEmpty {
            sink.forwardCompletedAndDispose()
        }
        return running
    }
}

/// Queues each sequence's elements and sends the result of the first waiting element of every
/// sequence as soon as each has one, taking them out of their queues.
final class ZipCollectionSink<Observer: ObserverType, SourceElement>: SerializingSink<Observer, [SourceElement]> {
    let subscriptions: [SingleAssignmentDisposable]
    private let resultSelector: ([SourceElement]) throws -> Observer.Element
    // Touched only by the thread holding the serializer; emptied on disposal.
    private var waiting: [RingQueue<SourceElement>]
    private var withWaiting = 0
    private var isDone: [Bool]
    private var doneCount = 0

    init(
        count: Int, resultSelector: @escaping ([SourceElement]) throws -> Observer.Element, observer: Observer,
        cancel: any Cancelable
    ) {
        subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
        self.resultSelector = resultSelector
        waiting = (0..<count).map { _ in RingQueue(minimumCapacity: 4) }
        isDone = Array(repeating: false, count: count)
        super.init(observer: observer, cancel: cancel)
    }

    func next(_ element: SourceElement, at index: Int) {
        guard !isTerminated, index < waiting.count, let delivery = decide(element, at: index) else { return }
        deliverClaimed(delivery)
    }

    /// What `element` from the source at `index` makes the sink deliver now, if anything.
    private func decide(_ element: SourceElement, at index: Int) -> SerializedDelivery<[SourceElement]>? {
        if withWaiting + (waiting[index].isEmpty ? 1 : 0) < waiting.count {
            // A source that finished with nothing waiting will never complete a pair again: the
            // element is not kept. As RxSwift's zip of a collection, such an element ends the
            // result once every other source has finished; until then the others may still send.
            if doneCount > 0, waiting.indices.contains(where: { isDone[$0] && waiting[$0].isEmpty }) {
                return doneCount == waiting.count - 1 ? claimOrQueue(terminate(.completed)) : nil
            }
        }
        waiting[index].append(element)
        if waiting[index].count == 1 {
            withWaiting += 1
        }
        if withWaiting < waiting.count {
            return nil
        }
        withWaiting = 0
        var firsts: [SourceElement] = []
        firsts.reserveCapacity(waiting.count)
        for queue in waiting {
            firsts.append(queue.removeFirst())
            if !queue.isEmpty {
                withWaiting += 1
            }
        }
        return claimOrQueue(.item(firsts))
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
        waiting = []
    }
}

/// One sequence's observer in a `zip` of a collection.
struct ZipCollectionObserver<Observer: ObserverType, SourceElement>: ObserverType {
    let sink: ZipCollectionSink<Observer, SourceElement>
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
