import Foundation
import RxCore
import RxSchedulers

extension ObservableType {
    /// The value of `emit`, an expression over `@Observable` state, now and after every change
    /// of what it reads: Swift's `Observations { model.name }` as an observable.
    ///
    /// Each subscriber gets the value `emit` returns when first run, then one element per change
    /// transaction: `emit` runs again, on `scheduler`, after a property it read last time has
    /// changed, so several changes made before that run give one element, with the value after
    /// all of them, never a value from before a change landed. Each run tracks what that run
    /// reads, so a closure that reads `a` or `b` depending on a flag follows the flag. Equal
    /// consecutive values are all sent; add `distinctUntilChanged()` to drop repeats.
    ///
    /// The sequence keeps what `emit` captures, as long as the subscription lasts: capture a
    /// model weakly (or use `model.rx.observe`) not to keep it. It completes when nothing that
    /// `emit` read can change any more (it read no tracked property, or every object it read
    /// is gone), and fails with the error `emit` throws.
    ///
    /// - Parameters:
    ///   - scheduler: where `emit` runs and elements are delivered; by default the main queue
    ///     (``/RxSchedulers/MainScheduler/instance``, which runs the first evaluation at once when
    ///     subscribed on the main queue). It must queue the work it is given: a `TestScheduler`
    ///     runs it in virtual time.
    ///   - lock: for a model changed on several threads, the lock each of its changes holds
    ///     from start to end; each evaluation holds it while it reads and arms the tracking, so
    ///     that no change is missed or read half done. `emit` must not take it itself. Without a
    ///     lock, change the model only where `scheduler` runs (or on the actor `emit` belongs to).
    ///   - emit: reads the model. Written in main-actor code, it may only run on the main thread.
    ///   - isolation: where `emit` was written, filled in by the compiler (see
    ///     ``/RxCore/HandlerIsolation``).
    ///   - file: the file of the call, filled in by the compiler, which an isolation
    ///     violation's message names.
    ///   - line: the line of the call, likewise.
    public static func observations(
        scheduler: any SchedulerType = MainScheduler.instance, lock: (any NSLocking)? = nil,
        _ emit: @escaping () throws -> Element,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let emit =
            handlerIsolation.isNonisolated ? emit : handlerIsolation.guarding(emit, "observations(scheduler:lock:_:)")
        return ObservationsProducer(scheduler: scheduler, lock: lock) { try emit() }
    }
}
