import RxCore
import RxDisposables
import Synchronization

extension ObservableType {
    /// Splits the elements by the key `keySelector` gives each, into one sequence per key: sends
    /// a ``GroupedObservable`` the first time a key appears, then each element to the group of
    /// its key.
    ///
    /// A new group is sent before its first element, which it passes on at once: subscribe to the
    /// group from the handler that receives it to see that element; a group sends only what
    /// arrives while it is subscribed. The source's error or completion ends every group, then
    /// this sequence, and unsubscribes from the source. An error thrown by `keySelector` does the
    /// same with that error.
    ///
    /// The source stays subscribed while this sequence or any group has a subscriber: disposing
    /// the subscription to this sequence leaves the groups subscribed to running (it sends no
    /// new groups), and the source is unsubscribed when the last of them leaves too. Each key
    /// seen is kept for as long as the source is subscribed; elements are not kept.
    public func groupBy<Key: Hashable>(
        keySelector: @escaping (Element) throws -> Key,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<GroupedObservable<Key, Element>> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let keySelector =
            handlerIsolation.isNonisolated
            ? keySelector : handlerIsolation.guarding(keySelector, "groupBy(keySelector:)")
        return GroupBy(source: asObservable(), keySelector: keySelector)
    }
}

/// The producer of `groupBy(keySelector:)`.
final class GroupBy<Key: Hashable, Element>: Producer<GroupedObservable<Key, Element>> {
    private let source: Observable<Element>
    private let keySelector: (Element) throws -> Key

    init(source: Observable<Element>, keySelector: @escaping (Element) throws -> Key) {
        self.source = source
        self.keySelector = keySelector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == GroupedObservable<Key, Element> {
        let sourceSubscription = GroupBySourceSubscription()
        let sink = GroupBySink(
            keySelector: keySelector, sourceSubscription: sourceSubscription, observer: observer, cancel: cancel)
        sourceSubscription.set(source.subscribe(sink))
        // The sink's upstream is its claim on the shared subscription, not the subscription
        // itself: disposing the sink gives up that claim, and the source is unsubscribed once
        // no group holds one either.
        return sink.holding(sink.sharedSubscription)
    }
}

// Sendable: the flag is atomic and `SingleAssignmentDisposable` is thread-safe.
/// The subscription to the source, shared by the sink and the groups through a
/// `RefCountDisposable`. It records its disposal in an atomic flag, which the sink reads to
/// refuse whatever a source sends after it.
final class GroupBySourceSubscription: Disposable, Sendable {
    private let disposed = Atomic<Bool>(false)
    private let subscription = SingleAssignmentDisposable()

    /// Whether the source was unsubscribed: by a terminal event, or because nobody listens.
    var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Takes the source's subscription; disposes it at once if ``dispose()`` came first.
    func set(_ disposable: any Disposable) {
        subscription.setDisposable(disposable)
    }

    func dispose() {
        disposed.store(true, ordering: .releasing)
        subscription.dispose()
    }
}

/// Sorts one subscription's elements into groups and sends each new group downstream.
///
/// The groups are touched only by the source's events, which arrive one at a time, so they need
/// no lock; a group is subscribed to and left from any thread through its subject and the
/// shared subscription, which have their own. The sink holds no lock while it calls anything.
final class GroupBySink<Key: Hashable, Element, Observer: ObserverType>: Sink<Observer>, EventRoutingObserver
where Observer.Element == GroupedObservable<Key, Element> {
    private let keySelector: (Element) throws -> Key
    private let sourceSubscription: GroupBySourceSubscription
    /// Disposed by this sink (its upstream) and held by every group subscription: the source
    /// stays subscribed while any of them is not disposed.
    let sharedSubscription: RefCountDisposable
    /// Each key's group, and the groups in the order they were made, the order in which a
    /// terminal event reaches them. Touched only by the source's events.
    private var groupsByKey: [Key: PublishSubject<Element>] = [:]
    private var groupsInOrder: [PublishSubject<Element>] = []
    /// Set by the first terminal event, before it is delivered, so that nothing sent to the
    /// source by an observer reacting to it gets through.
    private var stopped = false

    init(
        keySelector: @escaping (Element) throws -> Key, sourceSubscription: GroupBySourceSubscription,
        observer: Observer, cancel: any Cancelable
    ) {
        self.keySelector = keySelector
        self.sourceSubscription = sourceSubscription
        self.sharedSubscription = RefCountDisposable(disposable: sourceSubscription)
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        guard acceptsEvents else { return }
        let key: Key
        do {
            key = try keySelector(element)
        } catch {
            end(with: .error(error))
            return
        }
        if let group = groupsByKey[key] {
            group.onNext(element)
            return
        }
        // Once the subscriber of the groups has left, a new group could reach nobody: it is
        // not made, and the key is not kept.
        guard !isDisposed else { return }
        let group = PublishSubject<Element>()
        groupsByKey[key] = group
        groupsInOrder.append(group)
        forwardNext(
            GroupedObservable(key: key, source: GroupSource(group: group, sharedSubscription: sharedSubscription)))
        group.onNext(element)
    }

    func onError(_ error: any Swift.Error) {
        guard acceptsEvents else { return }
        end(with: .error(error))
    }

    func onCompleted() {
        guard acceptsEvents else { return }
        end(with: .completed)
    }

    /// Whether an event from the source may pass: none has ended the groups yet and the source
    /// is still subscribed. A source that goes on sending after it was unsubscribed (it ignores
    /// disposal) gets nothing kept or sent; the groups, which nobody can receive any more, are
    /// let go then.
    private var acceptsEvents: Bool {
        if stopped { return false }
        if sourceSubscription.isDisposed {
            stopped = true
            releaseGroups()
            return false
        }
        return true
    }

    /// Ends every group, then the downstream, with `terminal`, and unsubscribes from the source
    /// even while groups are subscribed.
    private func end(with terminal: Event<Element>) {
        stopped = true
        let groups = groupsInOrder
        releaseGroups()
        for group in groups {
            group.on(terminal)
        }
        if case .error(let error) = terminal {
            forwardErrorAndDispose(error)
        } else {
            forwardCompletedAndDispose()
        }
        sourceSubscription.dispose()
    }

    private func releaseGroups() {
        // Taken out before they are released, so that a subject's observer released with it
        // finds this sink in a consistent state if it sends into the source.
        let groups = (groupsByKey, groupsInOrder)
        groupsByKey = [:]
        groupsInOrder = []
        withExtendedLifetime(groups) {}
    }
}

/// The sequence inside a ``GroupedObservable``: the group's subject, subscribed to together with
/// a claim on the shared subscription to the source, which keeps the source subscribed until
/// the subscription to the group is disposed.
final class GroupSource<Element>: Observable<Element> {
    private let group: PublishSubject<Element>
    private let sharedSubscription: RefCountDisposable

    init(group: PublishSubject<Element>, sharedSubscription: RefCountDisposable) {
        self.group = group
        self.sharedSubscription = sharedSubscription
        super.init()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        let claim = sharedSubscription.retain()
        let subscription = group.subscribe(observer)
        return Disposables.create(subscription, claim)
    }
}
