import RxCore
import RxDisposables
import RxOperators

// How the tests call RxSwift's deprecated spellings without a warning. The test targets build
// with `-warnings-as-errors`, and naming a deprecated symbol outside a deprecated context warns.
// So each spelling is also a requirement of a protocol below, with the library's exact
// signature: a call through a requirement names the protocol's member, which is not deprecated.
// The conformances, whose witnesses are the library's deprecated methods, are themselves marked
// deprecated (a conformance satisfied by deprecated members is deprecated use too), and the
// tests never name them: `deprecatedSpellings` and its kin find them with a cast at run time.
//
// The conformances also check the signatures: a spelling that is missing, or differs from the
// requirement (RxSwift's declaration, from `../shared/rxswift-api/rxswift-6.10-deprecated.tsv`),
// leaves a requirement without a witness and the build fails here.
//
// Each closure-taking spelling has two requirements: RxSwift's exact signature, and the form with
// `isolation:`, `file:` and `line:` that a call picks; the tests pass them the way a call's
// `#isolation`, `#fileID` and `#line` do.

/// RxSwift's deprecated spellings on `ObservableType`.
protocol DeprecatedSpellings<Element> {
    associatedtype Element

    func subscribeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element>
    func observeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element>

    func catchError(_ handler: @escaping (any Error) throws -> Observable<Element>) -> Observable<Element>
    func catchError(
        _ handler: @escaping (any Error) throws -> Observable<Element>, isolation: isolated (any Actor)?,
        file: StaticString, line: UInt
    ) -> Observable<Element>
    static func catchError<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element>
    func catchErrorJustReturn(_ element: Element) -> Observable<Element>
    func retryWhen<Trigger: ObservableType>(_ notificationHandler: @escaping (Observable<any Error>) -> Trigger)
        -> Observable<Element>
    func retryWhen<Trigger: ObservableType>(
        _ notificationHandler: @escaping (Observable<any Error>) -> Trigger, isolation: isolated (any Actor)?,
        file: StaticString, line: UInt
    ) -> Observable<Element>
    func retryWhen<Trigger: ObservableType, Failure: Error>(
        _ notificationHandler: @escaping (Observable<Failure>) -> Trigger
    ) -> Observable<Element>
    func retryWhen<Trigger: ObservableType, Failure: Error>(
        _ notificationHandler: @escaping (Observable<Failure>) -> Trigger, isolation: isolated (any Actor)?,
        file: StaticString, line: UInt
    ) -> Observable<Element>

    func elementAt(_ index: Int) -> Observable<Element>
    func skipUntil<Other: ObservableType>(_ other: Other) -> Observable<Element>
    func skipWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element>
    func skipWhile(
        _ predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)?, file: StaticString,
        line: UInt
    )
        -> Observable<Element>
    func takeUntil<Other: ObservableType>(_ other: Other) -> Observable<Element>
    func takeUntil(_ behavior: TakeBehavior, predicate: @escaping (Element) throws -> Bool) -> Observable<Element>
    func takeUntil(
        _ behavior: TakeBehavior, predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)?,
        file: StaticString, line: UInt
    ) -> Observable<Element>
    func takeWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element>
    func takeWhile(
        _ predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)?, file: StaticString,
        line: UInt
    )
        -> Observable<Element>

    func take(_ duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element>
}

extension DeprecatedSpellings {
    /// The static `Observable.catchError(_:)` of a sequence, called through an instance.
    func catchErrorOfSequence<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Self.catchError(sequence)
    }
}

@available(*, deprecated, message: "the conformance exists to call deprecated API")
extension Observable: DeprecatedSpellings {}

extension ObservableType {
    /// This sequence, seen through its deprecated spellings; the cast finds the conformance
    /// at run time, so no deprecated symbol is named here either.
    var deprecatedSpellings: any DeprecatedSpellings<Element> {
        let erased: Any = asObservable()
        guard let spellings = erased as? any DeprecatedSpellings<Element> else {
            fatalError("Observable lost its conformance to DeprecatedSpellings")
        }
        return spellings
    }
}

/// RxSwift's deprecated spellings on `PrimitiveSequence`, for every trait.
protocol DeprecatedTraitSpellings<Trait, Element> {
    associatedtype Trait
    associatedtype Element

    func observeOn(_ scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element>
    func subscribeOn(_ scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element>
    func catchError(_ handler: @escaping (any Error) throws -> PrimitiveSequence<Trait, Element>)
        -> PrimitiveSequence<Trait, Element>
    func catchError(
        _ handler: @escaping (any Error) throws -> PrimitiveSequence<Trait, Element>,
        isolation: isolated (any Actor)?, file: StaticString, line: UInt
    ) -> PrimitiveSequence<Trait, Element>
    func retryWhen<Trigger: ObservableType>(_ notificationHandler: @escaping (Observable<any Error>) -> Trigger)
        -> PrimitiveSequence<Trait, Element>
    func retryWhen<Trigger: ObservableType>(
        _ notificationHandler: @escaping (Observable<any Error>) -> Trigger, isolation: isolated (any Actor)?,
        file: StaticString, line: UInt
    ) -> PrimitiveSequence<Trait, Element>
    func retryWhen<Trigger: ObservableType, Failure: Error>(
        _ notificationHandler: @escaping (Observable<Failure>) -> Trigger
    ) -> PrimitiveSequence<Trait, Element>
    func retryWhen<Trigger: ObservableType, Failure: Error>(
        _ notificationHandler: @escaping (Observable<Failure>) -> Trigger, isolation: isolated (any Actor)?,
        file: StaticString, line: UInt
    ) -> PrimitiveSequence<Trait, Element>
}

@available(*, deprecated, message: "the conformance exists to call deprecated API")
extension PrimitiveSequence: DeprecatedTraitSpellings {}

/// RxSwift's deprecated spellings on `Single`.
protocol DeprecatedSingleSpellings<Element> {
    associatedtype Element

    func catchErrorJustReturn(_ element: Element) -> Single<Element>
    func subscribe(
        onSuccess: ((Element) -> Void)?, onError: @escaping (any Error) -> Void, onDisposed: (() -> Void)?
    ) -> any Disposable
    func subscribe(
        onSuccess: ((Element) -> Void)?, onError: @escaping (any Error) -> Void, onDisposed: (() -> Void)?,
        isolation: isolated (any Actor)?, file: StaticString, line: UInt
    ) -> any Disposable
}

@available(*, deprecated, message: "the conformance exists to call deprecated API")
extension PrimitiveSequence: DeprecatedSingleSpellings where Trait == SingleTrait {}

/// RxSwift's deprecated spelling on `Maybe`.
protocol DeprecatedMaybeSpellings<Element> {
    associatedtype Element

    func catchErrorJustReturn(_ element: Element) -> Maybe<Element>
}

@available(*, deprecated, message: "the conformance exists to call deprecated API")
extension PrimitiveSequence: DeprecatedMaybeSpellings where Trait == MaybeTrait {}

extension PrimitiveSequence {
    /// This trait, seen through its deprecated spellings, found by a cast at run time.
    var deprecatedTraitSpellings: any DeprecatedTraitSpellings<Trait, Element> {
        let erased: Any = self
        guard let spellings = erased as? any DeprecatedTraitSpellings<Trait, Element> else {
            fatalError("PrimitiveSequence lost its conformance to DeprecatedTraitSpellings")
        }
        return spellings
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// This `Single`, seen through its deprecated spellings, found by a cast at run time.
    var deprecatedSingleSpellings: any DeprecatedSingleSpellings<Element> {
        let erased: Any = primitiveSequence
        guard let spellings = erased as? any DeprecatedSingleSpellings<Element> else {
            fatalError("Single lost its conformance to DeprecatedSingleSpellings")
        }
        return spellings
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// This `Maybe`, seen through its deprecated spelling, found by a cast at run time.
    var deprecatedMaybeSpellings: any DeprecatedMaybeSpellings<Element> {
        let erased: Any = primitiveSequence
        guard let spellings = erased as? any DeprecatedMaybeSpellings<Element> else {
            fatalError("Maybe lost its conformance to DeprecatedMaybeSpellings")
        }
        return spellings
    }
}
