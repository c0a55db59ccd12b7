import Foundation
import RxCore
import RxDisposables

/// What one evaluation of an observed expression gives: the value it read, or the end, when the
/// weakly held model it reads is gone (as `Observations.Iteration` has `next` and `finish`).
enum Observed<Element> {
    case next(Element)
    case finished
}

/// The producer behind `Observable.observations`, `rx.observe`, and their `Infallible` and
/// `Driver` forms: each subscription evaluates `read` under observation tracking on
/// `scheduler`, at once and after each change of what it read.
final class ObservationsProducer<Element>: Producer<Element> {
    private let read: () throws -> Observed<Element>
    private let scheduler: any SchedulerType
    private let lock: (any NSLocking)?

    /// `read` is checked for its isolation already; `lock`, if any, is held around each
    /// evaluation.
    init(scheduler: any SchedulerType, lock: (any NSLocking)? = nil, read: @escaping () throws -> Observed<Element>) {
        self.read = read
        self.scheduler = scheduler
        self.lock = lock
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> RunReceipt
    where Observer.Element == Element {
        let sink = ObservationsSink(
            read: read, scheduler: scheduler, lock: lock, observer: observer, cancel: cancel)
        return sink.holding(sink.scheduleFirstRead())
    }
}
