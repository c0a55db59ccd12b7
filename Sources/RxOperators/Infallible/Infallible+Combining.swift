import RxCore

extension InfallibleType {
    /// Subscribes to the sequence `selector` makes of each element and merges their elements:
    /// `flatMap(_:)`.
    ///
    /// An error from an inner sequence is passed on, which an infallible sequence should never
    /// send (as RxSwift): see ``Infallible``.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMap(selector, isolation: isolation, file: file, line: line))
    }

    /// Like `flatMap(_:)`, but drops the elements that arrive while an inner sequence runs:
    /// `flatMapFirst(_:)`.
    ///
    /// An error from an inner sequence is passed on, which an infallible sequence should never
    /// send (as RxSwift): see ``Infallible``.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMapFirst(selector, isolation: isolation, file: file, line: line))
    }

    /// Like `flatMap(_:)`, but each element's sequence replaces the one before it:
    /// `flatMapLatest(_:)`.
    ///
    /// An error from an inner sequence is passed on, which an infallible sequence should never
    /// send (as RxSwift): see ``Infallible``.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMapLatest(selector, isolation: isolation, file: file, line: line))
    }

    /// Subscribes to the sequence `selector` makes of each element, one after the other:
    /// `concatMap(_:)`.
    ///
    /// An error from an inner sequence is passed on, which an infallible sequence should never
    /// send (as RxSwift): see ``Infallible``.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Source.Element> {
        Infallible(asObservable().concatMap(selector, isolation: isolation, file: file, line: line))
    }

    /// This sequence's elements, then, once it completes, those of `second`.
    ///
    /// An error from `second` is passed on, which an infallible sequence should never send (as
    /// RxSwift): see ``Infallible``.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Infallible<Element>
    where Source.Element == Element {
        Infallible(asObservable().concat(second))
    }

    /// The elements of each of `sources` in turn, each subscribed once the one before it
    /// completes.
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.concat(sources.map { $0.asObservable() }))
    }

    /// The elements of each sequence in `collection` in turn, each subscribed once the one
    /// before it completes.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// The elements of each sequence in `sequence` in turn, each subscribed once the one before
    /// it completes.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element>
    where Sequence.Element == Infallible<Element> {
        Infallible(Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// The elements of all of `sources`, as they come; completes when all have completed.
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all of `sources`, as they come; completes when all have completed.
    public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all of `sources`, as they come; completes when all have completed.
    ///
    /// RxSwift 6.10 concatenates here instead of merging; this form merges, as its name and the
    /// other two forms do.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// `element`, then this sequence's elements: `startWith(_:)`.
    public func startWith(_ element: Element) -> Infallible<Element> {
        Infallible(asObservable().startWith(element))
    }

    /// For each element, `resultSelector` of it and the latest element of `second`; elements
    /// that arrive before `second` sent one are dropped: `withLatestFrom(_:resultSelector:)`.
    ///
    /// An error thrown by `resultSelector` is sent as an error, which an infallible sequence
    /// should never send (as RxSwift): see ``Infallible``.
    public func withLatestFrom<Source: InfallibleType, ResultType>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<ResultType> {
        Infallible(
            asObservable().withLatestFrom(
                second, resultSelector: resultSelector, isolation: isolation, file: file, line: line))
    }

    /// For each element, the latest element of `second`; elements that arrive before `second`
    /// sent one are dropped: `withLatestFrom(_:)`.
    public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        Infallible(asObservable().withLatestFrom(second))
    }

    /// Once each sequence in `collection` has sent an element, `resultSelector` of the latest
    /// element of each, every time one of them sends: `combineLatest(_:resultSelector:)`.
    ///
    /// An error thrown by `resultSelector` is sent as an error, which an infallible sequence
    /// should never send (as RxSwift): see ``Infallible``.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> where Collection.Element: InfallibleType {
        Infallible(
            Observable.combineLatest(
                collection.map { $0.asObservable() }, resultSelector: resultSelector, isolation: isolation, file: file,
                line: line))
    }

    /// Once each sequence in `collection` has sent an element, the latest element of each, every
    /// time one of them sends: `combineLatest(_:)`.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<[Element]>
    where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}

extension ObservableType {
    /// Like `flatMapLatest(_:)`, for inner sequences that cannot fail: the result is an
    /// ``Infallible``, as in RxSwift.
    ///
    /// An error from this sequence itself, or thrown by `selector`, is still passed on, which an
    /// infallible sequence should never send (as RxSwift): see ``Infallible``.
    public func flatMapLatest<Source: InfallibleType>(
        _ selector: @escaping (Element) throws -> Source, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Source.Element> {
        Infallible(
            asObservable().flatMapLatest(
                { try selector($0).asObservable() }, isolation: isolation, file: file, line: line))
    }
}
