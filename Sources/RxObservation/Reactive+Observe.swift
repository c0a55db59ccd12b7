import Foundation
import Observation
import RxCore
import RxOperators
import RxSchedulers

extension Reactive where Base: AnyObject & Observation.Observable {
    /// The property at `keyPath` of the model, now and after every change transaction, without
    /// keeping the model: it completes once the model is gone.
    ///
    /// As ``RxCore/ObservableType/observations(scheduler:lock:_:isolation:file:line:)`` reading
    /// `model[keyPath: keyPath]`: one element at subscription, then one per transaction, read on
    /// `scheduler` after the change has landed; equal values are not dropped.
    ///
    /// - Parameters:
    ///   - keyPath: the property, or a path through several.
    ///   - scheduler: where the property is read and elements are delivered; by default the
    ///     main queue (``/RxSchedulers/MainScheduler/instance``).
    ///   - lock: for a model changed on several threads, the lock each of its changes holds;
    ///     each read holds it too (see ``RxCore/ObservableType/observations(scheduler:lock:_:isolation:file:line:)``).
    ///   - retainSelf: whether the subscription keeps the model alive, as RxCocoa's key-value
    ///     observing can; by default it holds it weakly, and completes once it is gone.
    ///   - isolation: where the call was written, filled in by the compiler: a key path to a
    ///     main-actor model's property is read only on the main thread (see
    ///     ``/RxCore/HandlerIsolation``).
    ///   - file: the file of the call, filled in by the compiler, which an isolation
    ///     violation's message names.
    ///   - line: the line of the call, likewise.
    public func observe<Element>(
        _ keyPath: KeyPath<Base, Element>, scheduler: any SchedulerType = MainScheduler.instance,
        lock: (any NSLocking)? = nil, retainSelf: Bool = false, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let emit: (Base) -> Element = { $0[keyPath: keyPath] }
        let read = handlerIsolation.isNonisolated ? emit : handlerIsolation.guarding(emit, "rx.observe(_:)")
        return ObservationsProducer(scheduler: scheduler, lock: lock, read: reading(retainSelf: retainSelf, read))
    }

    /// The value of `emit` applied to the model, now and after every change transaction of what
    /// it reads, without keeping the model: it completes once the model is gone.
    ///
    /// As ``RxCore/ObservableType/observations(scheduler:lock:_:isolation:file:line:)``, with the
    /// model handed to `emit` rather than captured, so that a model can observe itself without a
    /// reference cycle.
    ///
    /// - Parameters:
    ///   - scheduler: where `emit` runs and elements are delivered; by default the main queue
    ///     (``/RxSchedulers/MainScheduler/instance``).
    ///   - lock: for a model changed on several threads, the lock each of its changes holds;
    ///     each evaluation holds it too, so `emit` must not take it.
    ///   - retainSelf: whether the subscription keeps the model alive; by default it holds it
    ///     weakly, and completes once it is gone.
    ///   - emit: reads the model. Written in main-actor code, it may only run on the main thread.
    ///   - isolation: where `emit` was written, filled in by the compiler (see
    ///     ``/RxCore/HandlerIsolation``).
    ///   - file: the file of the call, filled in by the compiler, which an isolation
    ///     violation's message names.
    ///   - line: the line of the call, likewise.
    public func observe<Element>(
        scheduler: any SchedulerType = MainScheduler.instance, lock: (any NSLocking)? = nil,
        retainSelf: Bool = false, _ emit: @escaping (Base) throws -> Element,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let emit = handlerIsolation.isNonisolated ? emit : handlerIsolation.guarding(emit, "rx.observe(_:)")
        return ObservationsProducer(scheduler: scheduler, lock: lock, read: reading(retainSelf: retainSelf, emit))
    }

    /// `emit` applied to the base, held strongly or weakly; throws ``ObservedModelGone`` once a
    /// weakly held base is gone.
    private func reading<Element>(retainSelf: Bool, _ emit: @escaping (Base) throws -> Element)
        -> () throws -> Element
    {
        let base = base
        if retainSelf {
            return { try emit(base) }
        }
        return { [weak base] in
            guard let base else { throw ObservedModelGone() }
            return try emit(base)
        }
    }
}
