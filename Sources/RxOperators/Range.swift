import RxCore
import RxDisposables
import RxSchedulers

extension ObservableType where Element: RxAbstractInteger {
    /// The `count` integers from `start` upwards, then completion, one per action on
    /// `scheduler`.
    ///
    /// - Precondition: `count` is not negative, and `start + count - 1` fits in `Element`.
    public static func range(
        start: Element, count: Element, scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        if count < 0 {
            rxFatalError("range(start:count:scheduler:): count must not be negative, but it is \(count)")
        }
        if count > 0, start > Element.max - (count - 1) {
            rxFatalError(
                "range(start:count:scheduler:): start \(start) + count \(count) - 1 overflows \(Element.self)")
        }
        return RangeProducer(start: start, count: count, scheduler: scheduler)
    }
}

/// The producer behind `range`.
final class RangeProducer<Element: RxAbstractInteger>: Producer<Element> {
    let start: Element
    let count: Element
    private let scheduler: any ImmediateSchedulerType

    init(start: Element, count: Element, scheduler: any ImmediateSchedulerType) {
        self.start = start
        self.count = count
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer, cancel: any Cancelable
    ) -> (sink: any Disposable, subscription: any Disposable) where Observer.Element == Element {
        let sink = RangeSink(start: start, count: count, observer: observer, cancel: cancel)
        let subscription = sink.run(on: scheduler)
        return (sink: sink, subscription: subscription)
    }
}

/// Sends one integer per scheduled step, and completion after the last.
final class RangeSink<Observer: ObserverType>: OperatorSink<Observer>, TrampolineTask
where Observer.Element: RxAbstractInteger {
    typealias Element = Observer.Element

    private let start: Element
    private let count: Element
    // Steps run one at a time, each scheduled by the one before.
    private var sent: Element = 0
    private var turn: TrampolineTurn?

    init(start: Element, count: Element, observer: Observer, cancel: any Cancelable) {
        self.start = start
        self.count = count
        super.init(observer: observer, cancel: cancel)
    }

    func run(on scheduler: any ImmediateSchedulerType) -> any Disposable {
        if scheduler is CurrentThreadScheduler {
            // The same order as recursive scheduling on the trampoline, without a scheduled
            // item per element.
            let turn = TrampolineTurn()
            self.turn = turn
            turn.enqueue(self)
            return Disposables.create()
        }
        return scheduler.scheduleRecursive(()) { _, recurse in
            if self.emitNext() {
                recurse(())
            }
        }
    }

    func runTrampolineTurn() {
        guard !isDisposed else { return }
        if emitNext(), !isDisposed, let turn {
            turn.enqueue(self)
        }
    }

    /// Sends the next integer, or completion after the last; returns whether to continue.
    private func emitNext() -> Bool {
        guard sent < count else {
            forwardCompleted()
            return false
        }
        // The factory checked that `start + count - 1` does not overflow.
        let value = start &+ sent
        sent &+= 1
        forwardNext(value)
        return true
    }
}
