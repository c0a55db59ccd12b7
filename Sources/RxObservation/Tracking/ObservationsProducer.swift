import Foundation
import RxCore
import RxDisposables

/// What the read of a weakly held model throws once the model is gone: the sequence then
/// completes (as `Observations.untilFinished` finishes on `.finish`). Internal, so no user's
/// closure can throw it.
struct ObservedModelGone: Error {}

/// The producer behind `Observable.observations`, `rx.observe`, and their `Infallible` and
/// `Driver` forms: each subscription evaluates `read` under observation tracking on
/// `scheduler`, at once and after each change of what it read.
final class ObservationsProducer<Element>: Producer<Element> {
    private let read: () throws -> Element
    private let scheduler: any SchedulerType
    private let lock: ModelLock?

    /// `read` is checked for its isolation already; `lock`, if any, is held around each
    /// evaluation.
    init(scheduler: any SchedulerType, lock: (any NSLocking)? = nil, read: @escaping () throws -> Element) {
        self.read = read
        self.scheduler = scheduler
        self.lock = lock.map(ModelLock.init)
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = ObservationsSink(
            read: read, scheduler: scheduler, lock: lock, observer: observer, cancel: cancel)
        return sink.holding(sink.scheduleFirstRead())
    }
}
