import Observation
import RxCore
import RxDisposables
import Synchronization

/// One subscription to an observed expression: evaluates it under `withObservationTracking` on
/// the scheduler and forwards the value, then again after every change transaction.
///
/// `withObservationTracking` calls its change handler in the `willSet` of the first property to
/// change, before the new value is stored, and only once per evaluation. So the handler reads
/// nothing: it schedules the next evaluation, which runs once the scheduler gets to it, after
/// the mutation (and any others made before then) has landed, and which arms the tracking again
/// for whatever that evaluation reads. Mutations made between the handler and that evaluation
/// are seen by it, and give no element of their own: one element per transaction.
///
/// A scheduler that runs the read on the calling thread before `schedule` returns (the main
/// scheduler called on the main queue) would read inside `willSet`; the read then schedules
/// itself again from within that run, where a scheduler that queues behind the running action
/// queues it. A scheduler that runs that too before returning stops the program, naming the fix.
///
/// The tracking is armed only once the read has returned, so a change made on another thread
/// meanwhile would go unnoticed; a model changed on several threads therefore hands the bridge
/// the lock its changes hold, which the evaluation holds from the read until the tracking is
/// armed. The same lock makes an evaluation that starts during a change wait for its end.
///
/// Evaluations and completion go through a ``/RxCore/Serializer``: on a concurrent scheduler an
/// evaluation that starts while another delivers waits for it, so elements arrive one at a time
/// and in the order of the evaluations.
final class ObservationsSink<Observer: ObserverType>: Sink<Observer>, ChangeReceiver {
    typealias Element = Observer.Element

    private enum Work {
        case read
        case finish
    }

    private let read: () throws -> Element
    private let scheduler: any SchedulerType
    private let lock: ModelLock?
    // Only its turn is used: work asked for from inside a delivery is coalesced in `requested`.
    private let serializer = Serializer<Work>()
    // Connected to this sink in `init`; cut in `dispose()`.
    private let link = TrackingLink()
    // Touched only by the thread holding the serializer: work this thread asked for while it was
    // delivering, done once that delivery returns. The latest evaluation number, likewise.
    private var requested: Work?
    private var generation: UInt64 = 0

    init(
        read: @escaping () throws -> Element, scheduler: any SchedulerType, lock: ModelLock?,
        observer: Observer, cancel: any Cancelable
    ) {
        self.read = read
        self.scheduler = scheduler
        self.lock = lock
        super.init(observer: observer, cancel: cancel)
        link.connect(self)
    }

    /// Schedules the first evaluation; returns what cancels it.
    func scheduleFirstRead() -> any Disposable {
        scheduler.schedule(self) { sink in
            sink.perform(.read)
            return Disposables.create()
        }
    }

    // MARK: Changes, from the registrars

    func changeWillLand(_ token: ChangeToken) {
        if isDisposed { return }
        let here = SerializerHold.currentThread
        token.scheduling.store(here, ordering: .releasing)
        let action = scheduler.schedule(token) { [self] token in
            if token.scheduling.load(ordering: .acquiring) == here, SerializerHold.currentThread == here {
                // Run before `schedule` returned, so still inside the mutation's `willSet`.
                token.scheduling.store(here | 1, ordering: .releasing)
                let retry = scheduler.schedule(token) { [self] token in
                    if token.scheduling.load(ordering: .acquiring) == here | 1, SerializerHold.currentThread == here {
                        rxFatalError(
                            "RxSwiftModular: \(type(of: scheduler)) ran the read of an observed model inside the "
                                + "model's willSet, before the change was stored, even when scheduled from one of its "
                                + "own actions. Deliver observations on a scheduler that queues: MainScheduler.instance, "
                                + "MainScheduler.asyncInstance, a SerialDispatchQueueScheduler or a TestScheduler.")
                    }
                    perform(.read)
                    return Disposables.create()
                }
                link.keep(retry, generation: token.generation)
                return Disposables.create()
            }
            perform(.read)
            return Disposables.create()
        }
        if token.scheduling.exchange(0, ordering: .acquiringAndReleasing) & 1 == 0 {
            link.keep(action, generation: token.generation)
        }
    }

    func trackedObjectsWent() {
        if isDisposed { return }
        link.keepFinishing(
            scheduler.schedule(self) { sink in
                sink.perform(.finish)
                return Disposables.create()
            })
    }

    // MARK: Holding the serializer

    private func perform(_ work: Work) {
        guard case .acquired(let hold) = serializer.enter() else {
            // This thread is delivering already (the observer's handler ran a scheduler
            // itself): after that delivery. Ending outranks reading.
            if requested == nil || work == .finish {
                requested = work
            }
            return
        }
        var next: Work? = work
        while let current = next {
            switch current {
            case .read:
                evaluate()
            case .finish:
                if !isDisposed {
                    forwardCompletedAndDispose()
                }
            }
            next = requested
            requested = nil
        }
        serializer.leave(hold, { _ in })
    }

    /// Reads the expression under tracking, arming the next change, and forwards the result.
    private func evaluate() {
        if isDisposed { return }
        generation &+= 1
        let token = ChangeToken(link: link, generation: generation)
        var installed = false
        // An optional of the element, not a `Result` or an enum of its own: in this generic
        // code, each such type's metadata is looked up at every evaluation.
        var failure: (any Error)?
        // The model's lock, when given, is held from the read until the tracking is armed:
        // `withObservationTracking` arms it only after the read returns, and a change landing in
        // between, on another thread, would be missed for good.
        lock?.lock()
        let element = withObservationTracking(
            { () -> Element? in
                do {
                    return try read()
                } catch {
                    failure = error
                    return nil
                }
            },
            onChange: token.handler(noting: &installed))
        lock?.unlock()
        if let failure {
            token.withdraw()
            if failure is ObservedModelGone {
                forwardCompletedAndDispose()
            } else {
                forwardErrorAndDispose(failure)
            }
        } else if let element {
            forwardNext(element)
            if !installed {
                // Nothing tracked was read: nothing can change what it reads again.
                token.withdraw()
                forwardCompletedAndDispose()
            }
        }
    }

    override func dispose() {
        super.dispose()
        link.detach()
    }
}
