import RxCore
import RxOperators

/// A shared sequence for events a user interface reacts to: it never fails, delivers on the
/// main scheduler (``SharingScheduler/make``), and replays nothing, so a new subscriber sees
/// only what happens after it subscribes.
///
/// Its source runs once however many subscribers it has, and stops when the last one leaves.
/// Subscribe with `emit(...)`. For state that a new subscriber should see at once, use
/// ``Driver``.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

/// The sharing strategy of ``Signal``: the main scheduler, and `share(scope: .whileConnected)`.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    /// The scheduler signals deliver on: a new one from ``SharingScheduler/make``.
    public static var scheduler: any SchedulerType { SharingScheduler.make() }

    /// `source` shared without replay, while it has subscribers.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// This value as a ``Signal``.
    public func asSignal() -> Signal<Element> {
        asSharedSequence()
    }
}
