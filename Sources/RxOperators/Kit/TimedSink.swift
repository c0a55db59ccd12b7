import Dispatch
import RxCore
import RxDisposables

/// What a ``TimedSink`` puts through its ``Serializer``: an event of the source, the firing of
/// a timer the sink started, named by the generation ``TimedSink/startTimer(after:)`` gave it,
/// or the start of the subscription.
enum SourceOrTick<Element> {
    /// An element of the source that had to wait for the serializer, with the scheduler's time when
    /// it arrived, for a sink that stamps arrivals.
    case next(Element, arrivedAt: RxTime?)
    /// A terminal event of the source (or an element sent through `on(_:)`), with its arrival
    /// as for `next`.
    case event(Event<Element>, arrivedAt: RxTime?)
    /// The firing of the timer of this generation, on the thread with this identity
    /// (``RxCore/SerializerHold/currentThread``).
    case tick(UInt64, firedOn: UInt)
    /// The start of the subscription, before the source is subscribed to.
    case start
}

/// The base of the time operators' sinks (`debounce`, `throttle`, `timeout`, `buffer`, ...): the
/// source's events and the firings of the sink's timer meet in one ``Serializer``, so that
/// ``handle(_:)`` and ``timerFired()`` never run at the same time, even when the source sends on
/// one thread while the scheduler fires on another, and downstream is called from one thread at
/// a time. The state they touch needs no lock.
///
/// The sink has one timer at a time. ``startTimer(after:)`` replaces the running one, and a
/// replaced or cancelled timer that fires anyway (it was already running on the scheduler's
/// thread) is dropped, by its generation, before it reaches ``timerFired()``. Disposal cancels
/// the timer, so nothing the sink scheduled stays queued on the scheduler.
///
/// ``timerFired()`` runs on the thread the timer fired on, the scheduler's: what it sends
/// downstream is sent there, as RxSwift's time operators send on their scheduler. A firing never
/// waits for a delivery: one that finds the serializer held by another thread is handed to that
/// thread and the scheduler's thread returns at once, free for whatever else its queue holds (the
/// delivering observer may be waiting for that very queue). The holder looks at the firing once
/// its delivery is done: a firing its delivery made stale (a new element restarted the timer, the
/// subscription ended) is dropped; one still current is scheduled again at once on the scheduler,
/// so that what the timer sends still goes out there, never on the source's thread. The
/// scheduler's thread therefore never handles the source's events, and never waits for them.
///
/// A subclass overrides ``handle(_:)``, ``timerFired()`` and, when it keeps elements,
/// ``releaseKept()``, which runs holding the serializer once the subscription is disposed.
/// A sink that needs to know when each event arrived (`delay`) stamps arrivals: it is made with
/// `stampsArrivals` and overrides ``handle(_:arrivedAt:)`` instead, which is given the
/// scheduler's time read as the event arrived, before it waited for the serializer. A sink may
/// also override ``handleNext(_:arrivedAt:)``, which takes elements without an `Event` around
/// them: an element that finds the serializer free is handled with no `Event` or queue item built,
/// each of which costs a type metadata lookup in code generic over the element. A sink whose
/// timer runs from the subscription on (`timeout`) has its producer call ``start()`` before it
/// subscribes to the source, and overrides ``started()``.
class TimedSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = SourceElement

    /// The scheduler the timers run on.
    final let scheduler: any SchedulerType
    private final let serializer = Serializer<SourceOrTick<SourceElement>>()
    private final let timer = SerialDisposable()
    // Touched only holding the serializer: the generation of the timer started last.
    private final var timerGeneration: UInt64 = 0
    private final var timerRunning = false
    private final let stampsArrivals: Bool
    private final let sourceNeverWaits: Bool

    /// A sink whose timers run on `scheduler`. With `sourceNeverWaits`, an event of the source
    /// that finds the serializer held by another thread (the timer's, delivering) is handed to that
    /// thread and the source's call returns at once, as RxSwift's `delay` does, rather than
    /// waiting its turn: the delivery may be waiting for the source to send on.
    init(
        scheduler: any SchedulerType, stampsArrivals: Bool = false, sourceNeverWaits: Bool = false,
        observer: Observer, cancel: any Cancelable
    ) {
        self.scheduler = scheduler
        self.stampsArrivals = stampsArrivals
        self.sourceNeverWaits = sourceNeverWaits
        super.init(observer: observer, cancel: cancel)
    }

    final func on(_ event: Event<SourceElement>) {
        guard !isDisposed else { return }
        // Stamped here, before waiting: an event that waits for the serializer keeps its arrival.
        let time = stampsArrivals ? scheduler.now : nil
        if sourceNeverWaits {
            serializer.sendWithoutWaiting(.event(event, arrivedAt: time), handleInput, release: releaseKept)
        } else {
            serializer.send(.event(event, arrivedAt: time), handleInput, release: releaseKept)
        }
    }

    final func onNext(_ element: SourceElement) {
        guard !isDisposed else { return }
        let time = stampsArrivals ? scheduler.now : nil
        // The queue item, and the metadata lookups it costs, only when the serializer is busy.
        let hold: SerializerHold
        if sourceNeverWaits {
            guard let free = serializer.enterOrHandOff({ Self.queueItem(element, arrivedAt: time) }) else { return }
            hold = free
        } else {
            switch serializer.enter() {
            case .acquired(let acquired):
                hold = acquired
            case .reentrant:
                serializer.enqueue(Self.queueItem(element, arrivedAt: time))
                return
            case .closed:
                return
            }
        }
        // A thread that waited may find the subscription disposed meanwhile.
        if !serializer.isClosed {
            handleNext(element, arrivedAt: time)
        }
        if !serializer.tryLeave(hold) {
            leaveContended(hold)
        }
    }

    // Separate, so that the uncontended path forms no closure (which would retain the sink).
    private final func leaveContended(_ hold: SerializerHold) {
        serializer.leave(hold, handleInput, release: releaseKept)
    }

    /// The queue item of an element that found the serializer busy. Separate, so that the
    /// uncontended path does not look up the metadata this needs.
    private static func queueItem(_ element: SourceElement, arrivedAt time: RxTime?) -> SourceOrTick<SourceElement> {
        .next(element, arrivedAt: time)
    }

    /// Runs ``started()`` holding the serializer. A producer whose sink's timer runs from the
    /// subscription on calls it once, before subscribing to the source: a timer that fires at
    /// once on another thread then waits for ``started()`` to return.
    final func start() {
        guard !isDisposed else { return }
        serializer.send(.start, handleInput, release: releaseKept)
    }

    private final func handleInput(_ input: SourceOrTick<SourceElement>) {
        switch input {
        case .next(let element, let time):
            handleNext(element, arrivedAt: time)
        case .event(let event, let time):
            if let time {
                handle(event, arrivedAt: time)
            } else {
                handle(event)
            }
        case .tick(let generation, let firedOn):
            guard timerRunning, generation == timerGeneration else { return }
            if firedOn != SerializerHold.currentThread {
                // Handed to this thread while it delivered, and still current: the firing goes
                // back to the scheduler, to run there once this thread is done.
                timer.disposable = scheduler.schedule(generation) { generation in
                    self.fire(generation)
                    return Disposables.create()
                }
                return
            }
            timerRunning = false
            timerFired()
        case .start:
            started()
        }
    }

    /// Whether a timer was started and has neither fired nor been cancelled. Read it only from
    /// ``started()``, ``handle(_:)`` and ``timerFired()``.
    final var isTimerRunning: Bool { timerRunning }

    /// Starts the timer, replacing (and cancelling) the one running: ``timerFired()`` is called
    /// once `dueTime` has passed, unless the timer is replaced, cancelled or the subscription
    /// disposed first. Call it only from ``started()``, ``handle(_:)`` and ``timerFired()``.
    final func startTimer(after dueTime: RxTimeInterval) {
        timerGeneration &+= 1
        timerRunning = true
        // The scheduled action holds the sink until it runs or is cancelled; disposal cancels it.
        timer.disposable = scheduler.scheduleRelative(timerGeneration, dueTime: dueTime) { generation in
            self.fire(generation)
            return Disposables.create()
        }
    }

    /// Cancels the running timer, if any. Call it only from ``started()``, ``handle(_:)`` and
    /// ``timerFired()``.
    final func cancelTimer() {
        guard timerRunning else { return }
        timerGeneration &+= 1
        timerRunning = false
        timer.disposable = nil
    }

    private final func fire(_ generation: UInt64) {
        guard !isDisposed else { return }
        serializer.sendWithoutWaiting(
            .tick(generation, firedOn: SerializerHold.currentThread), handleInput, release: releaseKept)
    }

    /// Handles an event of the source. Runs holding the serializer.
    func handle(_ event: Event<SourceElement>) {
        rxAbstractMethod()
    }

    /// Handles an event of the source that arrived at `time` on the scheduler's clock, for a
    /// sink made with `stampsArrivals`; passes it to ``handle(_:)`` unless overridden. Runs
    /// holding the serializer.
    func handle(_ event: Event<SourceElement>, arrivedAt time: RxTime) {
        handle(event)
    }

    /// Handles an element of the source, with its arrival when the sink stamps arrivals; passes
    /// it on as an `Event` to ``handle(_:arrivedAt:)`` or ``handle(_:)`` unless overridden.
    /// Runs holding the serializer.
    func handleNext(_ element: SourceElement, arrivedAt time: RxTime?) {
        if let time {
            handle(.next(element), arrivedAt: time)
        } else {
            handle(.next(element))
        }
    }

    /// Runs once, holding the serializer, when the producer calls ``start()``.
    func started() {}

    /// Handles the firing of the timer started last. Runs holding the serializer.
    func timerFired() {}

    /// Lets go of the elements the sink keeps. Runs once, holding the serializer, when the
    /// subscription has been disposed; never under a lock.
    func releaseKept() {}

    override func dispose() {
        super.dispose()
        timer.dispose()
        serializer.close(releasing: releaseKept)
    }
}
