import RxCore
import RxDisposables
import RxSchedulers
import Synchronization

extension ObservableType {
    /// Delivers the source's events on `scheduler`, in the order they arrived, one scheduled
    /// action per event.
    ///
    /// On a ``/RxSchedulers/SerialDispatchQueueScheduler`` (and so ``/RxSchedulers/MainScheduler``)
    /// each event is handed straight to the serial queue, which keeps them in order. On any
    /// other scheduler, events wait in a queue of their own, drained by recursive scheduling,
    /// so that even a concurrent scheduler delivers them one at a time.
    public func observe(on scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        if let serial = scheduler as? SerialDispatchQueueScheduler {
            return ObserveOnSerialDispatchQueue(source: asObservable(), scheduler: serial)
        }
        return ObserveOn(source: asObservable(), scheduler: scheduler)
    }
}

/// The producer behind `observe(on:)` for any scheduler.
final class ObserveOn<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let scheduler: any ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: any ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = ObserveOnSink(scheduler: scheduler, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

// @unchecked Sendable: the queue, the drain state and `currentDrain` are touched only under `lock`.
/// Queues events as they arrive, from any thread, and delivers them one per recursive step
/// on the scheduler; at most one drain runs at a time.
///
/// An event leaves the queue as it is delivered, so the queue holds only what waits, however
/// far ahead the source runs. Nothing the queue held is released under `lock`: a released
/// element may send into this very chain. After `dispose()` nothing more is queued.
final class ObserveOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    private let scheduler: any ImmediateSchedulerType
    private let gate = TerminalGate()

    private let lock = RxLock()
    // Gives up each event as it is delivered, so only what waits is kept.
    private var queue = RingQueue<Event<Element>>()
    private var draining = false
    private var drainCount: UInt64 = 0
    private var currentDrain: (any Disposable)?
    private var released = false

    init(scheduler: any ImmediateSchedulerType, observer: Observer, cancel: any Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        // The source may break the grammar, or ignore disposal; only what it may still send
        // is queued.
        guard !isDisposed, gate.admits(event) else { return }
        let drainNumber: UInt64? = lock.withLock {
            if released { return nil }
            queue.append(event)
            if draining { return nil }
            draining = true
            drainCount &+= 1
            return drainCount
        }
        guard let drainNumber else { return }
        let drain = scheduler.scheduleRecursive((), action: deliverNext)
        // A drain that is no longer the latest has already delivered its last event; only the
        // latest one may still need cancelling, and it must never be cancelled by an older one
        // whose scheduling call returned later (a source sending from two threads at once).
        let (disposeNow, replaced): (Bool, (any Disposable)?) = lock.withLock {
            if released { return (true, nil) }
            guard drainNumber == drainCount else { return (false, nil) }
            defer { currentDrain = drain }
            return (false, currentDrain)
        }
        // The finished drain's disposable is the scheduler's: dropped here, outside the lock.
        _ = replaced
        if disposeNow {
            drain.dispose()
        }
    }

    /// One step: delivers the oldest queued event, then schedules the next step if more wait.
    private func deliverNext(_ state: Void, _ recurse: (()) -> Void) {
        guard let event = dequeue(), !isDisposed else { return }
        forwardOn(event)
        if event.isStopEvent {
            dispose()
            return
        }
        let more: Bool = lock.withLock {
            if !queue.isEmpty { return true }
            draining = false
            return false
        }
        if more {
            recurse(())
        }
    }

    /// Takes the oldest event out of the queue, or marks the drain finished when none is left.
    private func dequeue() -> Event<Element>? {
        lock.withLock {
            if queue.isEmpty {
                draining = false
                return nil
            }
            return queue.removeFirst()
        }
    }

    override func dispose() {
        super.dispose()
        let (drain, dropped): ((any Disposable)?, RingQueue<Event<Element>>) = lock.withLock {
            released = true
            defer {
                currentDrain = nil
                queue = RingQueue(minimumCapacity: 1)
            }
            return (currentDrain, queue)
        }
        drain?.dispose()
        // The undelivered events die here, outside the lock.
        _ = dropped
    }
}

extension Resources {
    /// In debug builds, how many `observe(on:)` sequences are alive that use the implementation for
    /// a ``/RxSchedulers/SerialDispatchQueueScheduler`` (and so ``/RxSchedulers/MainScheduler``):
    /// each event handed straight to the serial queue, no queue of the operator's own. `0` in
    /// release builds, which count nothing, as ``/RxCore/Resources/total`` is.
    ///
    /// RxSwift's counter of the same name, counted the same way: it tells which implementation
    /// `observe(on:)` chose, as a sequence is made, whether or not it is subscribed to.
    public static var numberOfSerialDispatchQueueObservables: Int32 {
        #if DEBUG
            SerialDispatchQueueObservables.live.load(ordering: .relaxed)
        #else
            0
        #endif
    }
}

/// The count behind ``/RxCore/Resources/numberOfSerialDispatchQueueObservables``.
enum SerialDispatchQueueObservables {
    #if DEBUG
        static let live = Atomic<Int32>(0)
    #endif
}

/// The producer behind `observe(on:)` for a serial dispatch queue scheduler.
final class ObserveOnSerialDispatchQueue<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let scheduler: SerialDispatchQueueScheduler

    init(source: Observable<Element>, scheduler: SerialDispatchQueueScheduler) {
        self.source = source
        self.scheduler = scheduler
        #if DEBUG
            SerialDispatchQueueObservables.live.wrappingAdd(1, ordering: .relaxed)
        #endif
    }

    #if DEBUG
        deinit {
            SerialDispatchQueueObservables.live.wrappingSubtract(1, ordering: .relaxed)
        }
    #endif

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = ObserveOnSerialDispatchQueueSink(scheduler: scheduler, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Hands each event to the serial queue, which delivers them in order; no queue of its own.
final class ObserveOnSerialDispatchQueueSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let scheduler: SerialDispatchQueueScheduler
    private let gate = TerminalGate()

    init(scheduler: SerialDispatchQueueScheduler, observer: Observer, cancel: any Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        // Nothing is scheduled after dispose(), whatever the source goes on sending.
        guard !isDisposed, gate.admits(event) else { return }
        _ = scheduler.schedule((self, event)) { sink, event in
            sink.deliver(event)
            return Disposables.create()
        }
    }

    private func deliver(_ event: Event<Element>) {
        guard !isDisposed else { return }
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}
