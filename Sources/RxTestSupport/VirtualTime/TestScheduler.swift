import RxCore
import RxDisposables
import RxSchedulers

// @unchecked Sendable: the added properties are immutable; the base class locks its own state.
/// A virtual-time scheduler for tests: time is counted in integer ticks, moves only while the
/// scheduler runs, and every event a test sees is stamped with the tick it happened at.
///
/// Give each test its own scheduler; it holds no global state, so tests on different
/// schedulers may run in parallel on any threads. One scheduler is driven by one thread at a
/// time.
public final class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>, @unchecked Sendable {
    /// The virtual times ``start(_:)`` uses unless told otherwise, as in RxTest.
    public struct Defaults {
        /// When the tested sequence is created: 100.
        public static let created: TestTime = 100
        /// When the test subscribes to it: 200.
        public static let subscribed: TestTime = 200
        /// When the test disposes the subscription: 1000.
        public static let disposed: TestTime = 1000
    }

    // The three settings of `init` are not public, as in RxTest: a public member of a plain
    // name would shadow a user's global of that name inside an `extension TestScheduler`.

    /// Whether work scheduled for the current tick (or earlier) runs one tick later, as if
    /// processing took time.
    let simulateProcessingDelay: Bool

    /// The seconds of real time one tick stands for.
    let resolution: Double

    /// The ticks one `-` of a marble diagram lasts.
    let ticksPerFrame: TestTime

    /// A scheduler whose clock starts at `initialClock`.
    ///
    /// - Parameters:
    ///   - initialClock: the first tick.
    ///   - resolution: the real seconds one tick stands for; a relative due time of
    ///     `resolution` seconds is one tick.
    ///   - simulateProcessingDelay: when `true`, work scheduled for now or the past through
    ///     `schedule` or `scheduleRelative` runs at the next tick (RxTest's default).
    ///   - ticksPerFrame: the length of one frame of a marble diagram.
    /// - Precondition: `resolution` is positive and finite; `ticksPerFrame` is positive.
    public init(
        initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true,
        ticksPerFrame: TestTime = 10
    ) {
        rxPrecondition(ticksPerFrame > 0, "TestScheduler: ticksPerFrame must be positive, got \(ticksPerFrame)")
        self.simulateProcessingDelay = simulateProcessingDelay
        self.resolution = resolution
        self.ticksPerFrame = ticksPerFrame
        super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
    }

    /// RxTest's spelling of `init(initialClock:resolution:simulateProcessingDelay:ticksPerFrame:)`,
    /// kept for references by this name; a call picks the other, whose frames are ten ticks.
    @_disfavoredOverload
    public convenience init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.init(
            initialClock: initialClock, resolution: resolution, simulateProcessingDelay: simulateProcessingDelay,
            ticksPerFrame: 10)
    }

    /// A hot observable that sends `events` at their absolute virtual times, whether or not
    /// anyone is subscribed, and records its subscriptions.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        HotObservable(scheduler: self, recordedEvents: events)
    }

    /// A cold observable that sends `events` to each subscriber, each event's time being its
    /// offset from that subscription, and records its subscriptions.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(scheduler: self, recordedEvents: events)
    }

    /// An observer that records every event it receives with this scheduler's clock.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Runs `action` when the clock reaches the absolute virtual time `time`.
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Moves work due now or earlier to the next tick when the scheduler simulates processing
    /// delay (`simulateProcessingDelay:` of `init`), and to now otherwise; later work keeps its
    /// time. At the clock's last tick there is no later one: such work runs there, in order.
    public override func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        let clock = clock
        guard time <= clock else { return time }
        return simulateProcessingDelay && clock < .max ? clock + 1 : clock
    }

    /// Runs all queued work in virtual-time order, as the base class does; overridden only so
    /// that the queue code is specialised for this clock.
    public override func start() {
        runUntilIdle()
    }

    /// Runs the work due up to and including `virtualTime`, then sets the clock to it, as the
    /// base class does; overridden only so that the queue code is specialised for this clock.
    ///
    /// - Precondition: the scheduler is not running, and `virtualTime` is not earlier than the
    ///   clock.
    public override func advanceTo(_ virtualTime: VirtualTime) {
        advance(to: virtualTime)
    }

    /// Runs a whole test: calls `create` at `created`, subscribes a new observer to the result
    /// at `subscribed`, disposes that subscription at `disposed`, and runs the scheduler until
    /// no work is left.
    ///
    /// - Returns: the observer, with every event it received and when.
    /// - Precondition: `created <= subscribed <= disposed`.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        rxPrecondition(
            created <= subscribed,
            "TestScheduler.start: created (\(created)) must not be later than subscribed (\(subscribed))")
        rxPrecondition(
            subscribed <= disposed,
            "TestScheduler.start: subscribed (\(subscribed)) must not be later than disposed (\(disposed))")
        let observer = createObserver(Element.self)
        // The three steps run in this order on the one thread that drives the scheduler.
        var source: Observable<Element>?
        var subscription: (any Disposable)?
        _ = scheduleAbsoluteVirtual((), time: created) { _ in
            source = create().asObservable()
            return Disposables.create()
        }
        _ = scheduleAbsoluteVirtual((), time: subscribed) { _ in
            subscription = source?.subscribe(observer)
            source = nil
            return Disposables.create()
        }
        _ = scheduleAbsoluteVirtual((), time: disposed) { _ in
            subscription?.dispose()
            subscription = nil
            return Disposables.create()
        }
        start()
        return observer
    }

    /// ``start(created:subscribed:disposed:create:)`` with the default creation (100) and
    /// subscription (200) times.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// ``start(created:subscribed:disposed:create:)`` with the default times: created at 100,
    /// subscribed at 200, disposed at 1000.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(
            created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }
}
