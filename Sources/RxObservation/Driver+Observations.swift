import RxCocoaTraits
import RxCore

extension SharedSequence where SharingStrategy == DriverSharingStrategy {
    /// ``RxCore/ObservableType/observations(scheduler:lock:_:isolation:file:line:)`` as a
    /// ``/RxCocoaTraits/Driver``: the value of `emit` now, then one element per change
    /// transaction of what it reads, on the main queue (or the scheduler of
    /// ``/RxCocoaTraits/SharingScheduler/mock(scheduler:action:)`` in a test), shared by all its
    /// subscribers, which each get the latest value first.
    ///
    /// - Parameters:
    ///   - emit: reads the model. Written in main-actor code, it may only run on the main thread,
    ///     where a driver runs it.
    ///   - isolation: where `emit` was written, filled in by the compiler (see
    ///     ``/RxCore/HandlerIsolation``).
    ///   - file: the file of the call, filled in by the compiler, which an isolation
    ///     violation's message names.
    ///   - line: the line of the call, likewise.
    public static func observations(
        _ emit: @escaping () -> Element, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Driver<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let emit = handlerIsolation.isNonisolated ? emit : handlerIsolation.guarding(emit, "Driver.observations(_:)")
        return Driver(ObservationsProducer(scheduler: DriverSharingStrategy.scheduler) { emit() })
    }
}
