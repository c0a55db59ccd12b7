import RxCore
import RxDisposables
import RxSchedulers

/// An observer that applies each element to a target object, on a scheduler, for as long as
/// the target is alive: what a sequence is bound to when it drives a property or a view.
///
/// A binder holds its target weakly: once the target is gone, elements are dropped. Completion
/// ends nothing (the target goes on). An error is a programmer error, because a binding cannot
/// fail: it stops the program in debug builds, naming the error, and is printed to standard
/// error in release builds. Handle errors before binding (`catchAndReturn`, say).
public struct Binder<Value>: ObserverType {
    /// The type of the elements the binder receives.
    public typealias Element = Value

    private let binding: (Event<Value>) -> Void

    /// Applies an element to the target; stops on an error (see ``Binder``); ignores completion.
    public func on(_ event: Event<Value>) {
        binding(event)
    }

    /// This binder as an ``/RxCore/AnyObserver``.
    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: on)
    }
}

extension Binder {
    /// A binder that calls `binding` with `target` and each element, on `scheduler`, while
    /// `target` is alive.
    ///
    /// - Parameters:
    ///   - target: the object the elements are applied to; held weakly.
    ///   - scheduler: where `binding` runs; by default a ``/RxSchedulers/MainScheduler``, which
    ///     runs it at once when the element arrives on the main queue and queues it there
    ///     otherwise.
    ///   - binding: applies one element to the target. Written in main-actor code (a view
    ///     controller's, a `@MainActor` model's), it may only run on the main thread: keep the
    ///     default scheduler.
    ///   - isolation: where `binding` was written, filled in by the compiler (see
    ///     ``/RxCore/HandlerIsolation``).
    ///   - file: the file of the call, filled in by the compiler, which an isolation
    ///     violation's message names.
    ///   - line: the line of the call, likewise.
    public init<Target: AnyObject>(
        _ target: Target, scheduler: any ImmediateSchedulerType = MainScheduler(),
        binding: @escaping (Target, Value) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let binding =
            handlerIsolation.isNonisolated
            ? binding : handlerIsolation.guarding(binding, "Binder(_:scheduler:binding:)")
        self.binding = { [weak target] event in
            switch event {
            case .next(let element):
                // Checked again when the action runs: the target may go in between.
                _ = scheduler.schedule(element) { [weak target] element in
                    if let target {
                        binding(target, element)
                    }
                    return Disposables.create()
                }
            case .error(let error):
                bindingErrorToBinder(error)
            case .completed:
                break
            }
        }
    }
}

/// What a binder does with an error: stops a debug build, naming it, and prints it to standard
/// error in a release build.
private func bindingErrorToBinder(_ error: any Swift.Error) {
    let message = "Binding error to a Binder: \(error). A binding cannot fail; handle the error before binding."
    #if DEBUG
        rxFatalError(message)
    #else
        printToStandardError(message)
    #endif
}
