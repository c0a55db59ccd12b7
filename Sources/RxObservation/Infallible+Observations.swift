import RxCore
import RxOperators
import RxSchedulers

extension Infallible {
    /// ``RxCore/ObservableType/observations(scheduler:lock:_:isolation:file:line:)`` for an
    /// expression that cannot fail: the value of `emit` now, then one element per change
    /// transaction of what it reads, delivered on `scheduler` (the main queue by default).
    ///
    /// - Parameters:
    ///   - scheduler: where `emit` runs and elements are delivered; it must queue the work it
    ///     is given.
    ///   - emit: reads the model. Written in main-actor code, it may only run on the main thread.
    ///   - isolation: where `emit` was written, filled in by the compiler (see
    ///     ``/RxCore/HandlerIsolation``).
    ///   - file: the file of the call, filled in by the compiler, which an isolation
    ///     violation's message names.
    ///   - line: the line of the call, likewise.
    public static func observations(
        scheduler: any SchedulerType = MainScheduler.instance, _ emit: @escaping () -> Element,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let emit =
            handlerIsolation.isNonisolated ? emit : handlerIsolation.guarding(emit, "observations(scheduler:_:)")
        return Infallible(ObservationsProducer(scheduler: scheduler) { emit() })
    }
}
