import RxCore
import RxOperators

/// A sequence that cannot fail, delivers every event on its sharing strategy's scheduler, and
/// lets all its subscribers share one subscription to its source.
///
/// `SharedSequence` is what ``Driver`` and ``Signal`` are: the strategy, a type parameter,
/// says which scheduler events arrive on and how the subscription is shared. Build one with
/// the conversions (`asDriver(onErrorJustReturn:)`, `asSignal(onErrorJustReturn:)` and their
/// companions), which decide what an error of the source becomes, or with the creation
/// functions (``just(_:)``, ``of(_:)``, `from(_:)`, …). Its operators keep the three
/// promises, so a chain of them stays a shared sequence.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType,
    ObservableConvertibleType
{
    let source: Observable<Element>

    /// Wraps `source`, shared by the strategy. `source` must not fail and must deliver on the
    /// strategy's scheduler.
    package init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// Wraps `source` as it is, for sources that need no sharing (they hold nothing to share,
    /// such as `just` or `never`).
    init(raw source: Observable<Element>) {
        self.source = source
    }

    /// The shared sequence, as an observable.
    public func asObservable() -> Observable<Element> {
        source
    }

    /// This sequence itself.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> {
        self
    }

    /// This sequence as an `Infallible`, which keeps its events and its sharing.
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }
}

/// How a ``SharedSequence`` delivers and shares: the scheduler its events arrive on, and the
/// operator that shares one subscription among its subscribers.
public protocol SharingStrategyProtocol {
    /// The scheduler every event of a shared sequence of this strategy is delivered on.
    static var scheduler: any SchedulerType { get }

    /// `source`, shared among its subscribers the way this strategy shares (with or without
    /// replay, say).
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that can become a ``SharedSequence`` of its sharing strategy.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    /// The sharing strategy of the shared sequence this type becomes.
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// This value as a shared sequence.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequenceConvertibleType {
    /// The shared sequence this value becomes, as an observable.
    public func asObservable() -> Observable<Element> {
        asSharedSequence().asObservable()
    }
}
