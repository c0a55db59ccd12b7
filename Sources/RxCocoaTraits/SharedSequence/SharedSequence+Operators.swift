import RxCore
import RxOperators

// Each operator is the observable operator of the same name, wrapped again as a shared
// sequence of the same strategy; timed operators run on the strategy's scheduler. Closures
// take the caller's isolation (`HandlerIsolation`), with RxSwift's exact signature beside as a
// disfavoured twin for references by name.

extension SharedSequenceConvertibleType {
    /// Sends `selector` of each element: `map(_:)`.
    public func map<Result>(
        _ selector: @escaping (Element) -> Result, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().map(selector, isolation: isolation, file: file, line: line))
    }

    /// Sends `selector` of each element, leaving out the `nil` results: `compactMap(_:)`.
    public func compactMap<Result>(
        _ selector: @escaping (Element) -> Result?, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().compactMap(selector, isolation: isolation, file: file, line: line))
    }

    /// Sends the elements `predicate` accepts: `filter(_:)`.
    public func filter(
        _ predicate: @escaping (Element) -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().filter(predicate, isolation: isolation, file: file, line: line))
    }

    /// Maps each element to a shared sequence and sends the elements of the latest one,
    /// leaving the one before: `flatMapLatest(_:)`.
    public func flatMapLatest<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapLatest(selector, isolation: isolation, file: file, line: line))
    }

    /// Maps each element to a shared sequence and sends its elements, ignoring elements that
    /// arrive while the one before still runs: `flatMapFirst(_:)`.
    public func flatMapFirst<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapFirst(selector, isolation: isolation, file: file, line: line))
    }

    /// Maps each element to a shared sequence and sends the elements of all of them, merged:
    /// `flatMap(_:)`.
    public func flatMap<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMap(selector, isolation: isolation, file: file, line: line))
    }

    /// Runs side effects as events pass, without changing them: `do(onNext:afterNext:...)`.
    /// `onNext` and `onCompleted` run before the event goes on, `afterNext` and
    /// `afterCompleted` after it; `onSubscribe` before subscribing to the source,
    /// `onSubscribed` after, and `onDispose` when the subscription ends.
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            asObservable().do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, isolation: isolation,
                file: file, line: line))
    }

    /// Prints every event, subscription and disposal, with `identifier` (or the call site):
    /// `debug(_:trimOutput:file:line:function:)`.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// Leaves out each element for which `keySelector` gives the same key as for the element
    /// before: `distinctUntilChanged(_:)`.
    public func distinctUntilChanged(
        _ keySelector: @escaping (Element) -> some Equatable, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector, isolation: isolation, file: file, line: line))
    }

    /// Leaves out each element that `comparer` says equals the element before:
    /// `distinctUntilChanged(_:)`.
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            asObservable().distinctUntilChanged(
                { $0 }, comparer: comparer, isolation: isolation, file: file, line: line))
    }

    /// Leaves out each element whose key, by `keySelector`, `comparer` says equals the key of
    /// the element before: `distinctUntilChanged(_:comparer:)`.
    public func distinctUntilChanged<K>(
        _ keySelector: @escaping (Element) -> K, comparer: @escaping (K, K) -> Bool,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            asObservable().distinctUntilChanged(
                keySelector, comparer: comparer, isolation: isolation, file: file, line: line))
    }

    /// Sends an element, then nothing for `dueTime`, then the latest element that arrived in
    /// between (when `latest`), timed on the strategy's scheduler: `throttle(_:latest:)`.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
    }

    /// Sends an element only once `dueTime` has passed with no newer one, timed on the
    /// strategy's scheduler: `debounce(_:)`.
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
    }

    /// Sends, after each element, `accumulator` of the previous result (`seed` at first) and
    /// the element: `scan(_:accumulator:)`.
    public func scan<A>(
        _ seed: A, accumulator: @escaping (A, Element) -> A, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, A> {
        SharedSequence(
            asObservable().scan(seed, accumulator: accumulator, isolation: isolation, file: file, line: line))
    }

    /// Sends, for each element, `resultSelector` of it and the latest element of `second`,
    /// once `second` has sent one: `withLatestFrom(_:resultSelector:)`.
    public func withLatestFrom<SecondO: SharedSequenceConvertibleType, ResultType>(
        _ second: SecondO, resultSelector: @escaping (Element, SecondO.Element) -> ResultType,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, ResultType> where SecondO.SharingStrategy == SharingStrategy {
        SharedSequence(
            asObservable().withLatestFrom(
                second.asSharedSequence(), resultSelector: resultSelector, isolation: isolation, file: file, line: line)
        )
    }

    /// Sends, for each element, the latest element of `second`, once it has sent one:
    /// `withLatestFrom(_:)`.
    public func withLatestFrom<SecondO: SharedSequenceConvertibleType>(
        _ second: SecondO
    ) -> SharedSequence<SharingStrategy, SecondO.Element> {
        SharedSequence(asObservable().withLatestFrom(second.asSharedSequence()))
    }

    /// Leaves out the first `count` elements: `skip(_:)`.
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().skip(count))
    }

    /// Sends `element` first, then the elements of this sequence: `startWith(_:)`.
    public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().startWith(element))
    }

    /// Sends each event `dueTime` later, timed on the strategy's scheduler: `delay(_:)`.
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType where Element: Equatable {
    /// Leaves out each element equal to the element before: `distinctUntilChanged()`.
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged())
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Sends the elements of the latest inner sequence, leaving the one before:
    /// `switchLatest()`.
    public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map({ $0.asSharedSequence() }, isolation: nil).switchLatest())
    }

    /// Sends the elements of every inner sequence, merged: `merge()`.
    public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map({ $0.asSharedSequence() }, isolation: nil).merge())
    }

    /// Sends the elements of the inner sequences, merged, at most `maxConcurrent` subscribed at
    /// once; the others wait: `merge(maxConcurrent:)`.
    public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(
            asObservable().map({ $0.asSharedSequence() }, isolation: nil).merge(maxConcurrent: maxConcurrent))
    }
}

extension SharedSequenceConvertibleType {
    /// Sends the elements of all `sources`, merged.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> SharedSequence<
        SharingStrategy, Element
    > where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Sends the elements of all `sources`, merged.
    public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>]) -> SharedSequence<
        SharingStrategy, Element
    > {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Sends the elements of all `sources`, merged.
    public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<
        SharingStrategy, Element
    > {
        merge(sources)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Sends `resultSelector` of `obj` and each element while `obj` lives, and completes once
    /// it is released: `withUnretained(_:resultSelector:)`. (RxSwift offers it on signals only;
    /// for drivers, use `drive(with:onNext:onCompleted:onDisposed:)`.)
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object, resultSelector: @escaping (Object, Element) -> Out,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Out> {
        SharedSequence(
            asObservable().withUnretained(
                obj, resultSelector: resultSelector, isolation: isolation, file: file, line: line))
    }

    /// Sends `obj` with each element while `obj` lives, and completes once it is released:
    /// `withUnretained(_:)`.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> SharedSequence<SharingStrategy, (Object, Element)> {
        SharedSequence(asObservable().withUnretained(obj))
    }
}

extension SharedSequence {
    /// Sends the elements of each sequence of `sequence` in turn, the next subscribed when the
    /// one before completes: `concat(_:)`.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<
        SharingStrategy, Element
    > where Sequence.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// Sends the elements of each sequence of `collection` in turn, the next subscribed when
    /// the one before completes: `concat(_:)`.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<
        SharingStrategy, Element
    > where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Sends `resultSelector` of the first elements of all sequences of `collection`, then of
    /// their second elements, and so on: `zip(_:resultSelector:)`.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            Observable.zip(
                collection.map { $0.asObservable() }, resultSelector: resultSelector, isolation: isolation, file: file,
                line: line))
    }

    /// Sends the first elements of all sequences of `collection`, as an array, then their
    /// second elements, and so on: `zip(_:)`.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<
        SharingStrategy, [Element]
    > where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.zip(collection.map { $0.asObservable() }))
    }

    /// Sends `resultSelector` of the latest elements of all sequences of `collection`, each
    /// time one sends, once all have sent: `combineLatest(_:resultSelector:)`.
    public static func combineLatest<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            Observable.combineLatest(
                collection.map { $0.asObservable() }, resultSelector: resultSelector, isolation: isolation, file: file,
                line: line))
    }

    /// Sends the latest elements of all sequences of `collection`, as an array, each time one
    /// sends, once all have sent: `combineLatest(_:)`.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<
        SharingStrategy, [Element]
    > where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
