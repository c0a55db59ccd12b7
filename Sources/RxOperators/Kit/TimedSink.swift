import RxCore
import RxDisposables

/// What a ``TimedSink`` puts through its ``SerialDrain``: an event of the source, the firing of a
/// timer the sink started, named by the generation ``TimedSink/startTimer(after:)`` gave it, or
/// the start of the subscription.
enum SourceOrTick<Element> {
    /// The subscription starting, put through by ``TimedSink/start()``.
    case start
    /// An event of the source.
    case source(Event<Element>)
    /// The firing of the timer of this generation.
    case tick(UInt64)
}

/// The base of the time operators' sinks (`debounce`, `throttle`, `timeout`, `buffer`, ...): the
/// source's events and the firings of the sink's timer meet in one ``SerialDrain``, so that
/// ``handle(_:)`` and ``timerFired()`` never run at the same time, even when the source sends on
/// one thread while the scheduler fires on another, and downstream is called from one thread at
/// a time. The state they touch needs no lock.
///
/// The sink has one timer at a time. ``startTimer(after:)`` replaces the running one, and a
/// replaced or cancelled timer that fires anyway (it was already running on the scheduler's
/// thread) is dropped, by its generation, before it reaches ``timerFired()``. Disposal cancels
/// the timer, so nothing the sink scheduled stays queued on the scheduler.
///
/// A subclass overrides ``handle(_:)``, ``timerFired()`` and, when it keeps elements,
/// ``releaseKept()``, which the drain runs once the subscription is disposed, outside any lock.
/// One that starts its timer (or sends something) as soon as it is subscribed, before the source
/// has sent anything, overrides ``started()`` and has its producer call ``start()``.
class TimedSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = SourceElement

    /// The scheduler the timers run on.
    final let scheduler: any SchedulerType
    private final let drain = SerialDrain<SourceOrTick<SourceElement>>()
    private final let timer = SerialDisposable()
    // Touched only inside the drain: the generation of the timer started last.
    private final var timerGeneration: UInt64 = 0
    private final var timerRunning = false

    init(scheduler: any SchedulerType, observer: Observer, cancel: any Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    final func on(_ event: Event<SourceElement>) {
        guard !isDisposed else { return }
        drain.serialize(.source(event), handleInput, release: releaseKept)
    }

    private final func handleInput(_ input: SourceOrTick<SourceElement>) {
        switch input {
        case .start:
            started()
        case .source(let event):
            handle(event)
        case .tick(let generation):
            guard timerRunning, generation == timerGeneration else { return }
            timerRunning = false
            timerFired()
        }
    }

    /// Runs ``started()`` in the drain. Call it once, from the producer's `run`, before the sink
    /// is subscribed to its source: a timer ``started()`` starts is then already in the drain's
    /// hands, so that its firing, however soon and on whichever thread, is handled after it.
    final func start() {
        guard !isDisposed else { return }
        drain.serialize(.start, handleInput, release: releaseKept)
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
        drain.serialize(.tick(generation), handleInput, release: releaseKept)
    }

    /// Handles an event of the source. Runs in the drain.
    func handle(_ event: Event<SourceElement>) {
        rxAbstractMethod()
    }

    /// Handles the firing of the timer started last. Runs in the drain.
    func timerFired() {}

    /// Handles the start of the subscription, when the producer calls ``start()``: before the
    /// source's first event. Runs in the drain.
    func started() {}

    /// Lets go of the elements the sink keeps. Runs once, in the drain or after it, when the
    /// subscription has been disposed; never under a lock.
    func releaseKept() {}

    override func dispose() {
        super.dispose()
        timer.dispose()
        drain.close(releasing: releaseKept)
    }
}
