import RxCore
import RxOperators

/// A shared sequence for state a user interface shows: it never fails, delivers on the main
/// scheduler (``SharingScheduler/make``), and replays its latest element to each new
/// subscriber while it has any.
///
/// Its source runs once however many subscribers it has, and stops when the last one leaves.
/// Subscribe with `drive(...)`, from the main thread. For events that should not be replayed
/// (taps, say), use ``Signal``.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// The sharing strategy of ``Driver``: the main scheduler, and `share(replay: 1, scope: .whileConnected)`.
public struct DriverSharingStrategy: SharingStrategyProtocol {
    /// The scheduler drivers deliver on: a new one from ``SharingScheduler/make``.
    public static var scheduler: any SchedulerType { SharingScheduler.make() }

    /// `source` shared with a replay of its latest element, while it has subscribers.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// This value as a ``Driver``.
    public func asDriver() -> Driver<Element> {
        asSharedSequence()
    }
}
