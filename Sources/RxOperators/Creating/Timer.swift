import RxCore
import RxDisposables
import RxSchedulers

extension ObservableType where Element: RxAbstractInteger {
    /// Sends 0, 1, 2, ... every `period` on `scheduler`, the first after one `period`; it
    /// never completes. The count wraps around at the bounds of `Element`.
    public static func interval(_ period: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        Timer(dueTime: period, period: period, scheduler: scheduler)
    }

    /// Without `period`: sends 0 once `dueTime` has passed, then completes. With `period`:
    /// sends 0 after `dueTime`, then 1, 2, ... every `period`, never completing, the count
    /// wrapping around at the bounds of `Element`.
    ///
    /// A negative `dueTime` fires as soon as possible; `.never` never fires.
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: any SchedulerType
    ) -> Observable<Element> {
        Timer(dueTime: dueTime, period: period, scheduler: scheduler)
    }
}

/// The producer behind `timer` and `interval`.
final class Timer<Element: RxAbstractInteger>: Producer<Element> {
    let dueTime: RxTimeInterval
    let period: RxTimeInterval?
    let scheduler: any SchedulerType

    init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: any SchedulerType) {
        self.dueTime = dueTime
        self.period = period
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        if let period {
            let sink = TimerSink(observer: observer, cancel: cancel)
            return sink.holding(sink.run(dueTime: dueTime, period: period, scheduler: scheduler))
        }
        let sink = TimerOneOffSink(observer: observer, cancel: cancel)
        return sink.holding(sink.run(dueTime: dueTime, scheduler: scheduler))
    }
}

/// The periodic timer: the scheduler passes the count from one tick to the next.
///
/// The count's type is a generic parameter of its own, not only `Observer.Element`, so that a
/// tick finds its metadata in the sink instead of asking the runtime for an associated type.
final class TimerSink<Element: RxAbstractInteger, Observer: ObserverType>: Sink<Observer>
where Observer.Element == Element {
    func run(dueTime: RxTimeInterval, period: RxTimeInterval, scheduler: any SchedulerType) -> any Disposable {
        // `schedulePeriodic` runs the ticks one after another, never overlapping, since each
        // needs the state the previous one returned; so the sink needs no lock of its own.
        // Built once: in generic code each literal is a call through the integer protocols.
        let one: Element = 1
        return scheduler.schedulePeriodic(0 as Element, startAfter: dueTime, period: period) { count in
            self.forwardNext(count)
            return count &+ one
        }
    }
}

/// The one-off timer: one element and completion in a single scheduled action.
final class TimerOneOffSink<Observer: ObserverType>: Sink<Observer> where Observer.Element: RxAbstractInteger {
    func run(dueTime: RxTimeInterval, scheduler: any SchedulerType) -> any Disposable {
        scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            self.forwardNext(0)
            self.forwardCompletedAndDispose()
            return Disposables.create()
        }
    }
}
