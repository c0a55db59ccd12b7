import RxCore
import RxDisposables

extension Infallible {
    /// Runs side effects as events pass, without changing them: `do(onNext:afterNext:...)`.
    ///
    /// `onNext` and `onCompleted` run before the event goes on, `afterNext` and `afterCompleted`
    /// after it; `onSubscribe` before subscribing to the source, `onSubscribed` after, and
    /// `onDispose` when the subscription ends. An error thrown by `onNext`, `afterNext` or
    /// `onCompleted` is sent as an error, which an infallible sequence should never send (as
    /// RxSwift): see ``Infallible``; one thrown by `afterCompleted` goes to
    /// `Hooks.defaultErrorHandler`, as with the observable's `do`.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(
            asObservable().do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, isolation: isolation,
                file: file, line: line))
    }
}

extension InfallibleType {
    /// Prints every subscription, event and disposal that passes:
    /// `debug(_:trimOutput:file:line:function:)`.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> Infallible<Element> {
        Infallible(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// `debug` writing its lines to `log` instead of standard output, so tests can read them.
    func debug(
        _ identifier: String?, trimOutput: Bool, file: String, line: UInt, function: String,
        log: @escaping (String) -> Void
    ) -> Infallible<Element> {
        Infallible(
            asObservable().debug(
                identifier, trimOutput: trimOutput, file: file, line: line, function: function, log: log))
    }

    /// One subscription to this sequence shared by all subscribers, replaying the last
    /// `replay` elements to each new one: `share(replay:scope:)`. A negative `replay` stops
    /// the program, as there.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        Infallible(asObservable().share(replay: replay, scope: scope))
    }
}
