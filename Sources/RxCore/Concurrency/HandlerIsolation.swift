/// The actor isolation of the code that handed the library a closure, checked each time the
/// library calls that closure.
///
/// Swift 6 lets a closure that is not `@Sendable` use the isolation of the code it is written in:
/// in a `@MainActor` class, `{ self.label = $0 }` may touch main-actor state without `await`. The
/// library keeps such closures (handlers of `subscribe`, the closures of `map`, `do`, `create`
/// and the other operators) and calls them where events happen, which may be another thread.
/// Every function that takes such a closure therefore also takes
/// `isolation: isolated (any Actor)? = #isolation`, which the compiler fills in with the
/// caller's isolation, and keeps it in a `HandlerIsolation`. Before each call of the closure the
/// library runs ``check(_:)``: a closure written in main-actor code is called only on the main
/// thread, one written in an actor only on that actor, and otherwise the program stops with a
/// message naming the closure, where it was handed over (the caller's `#fileID` and `#line`,
/// which each such function also takes) and the fix, instead of racing silently. Closures
/// written outside any actor are called wherever events happen, and pay nothing but one
/// comparison.
///
/// Passing `isolation: nil` explicitly turns the check off for one call. Do so only for a closure
/// that touches no actor-isolated state, such as a `@Sendable` closure written in main-actor
/// code that should run on a background scheduler.
public struct HandlerIsolation: Sendable {
    // The mode first, so that the check per call reads only it: the site, and the actor in it,
    // are touched only for actors other than the main one and to stop the program.
    @usableFromInline
    enum Mode: UInt8, Sendable {
        case nonisolated
        case mainActor
        case actor
    }

    @usableFromInline
    let mode: Mode
    // The actor (for actors other than the main one) and where the closure was handed over,
    // made only for a closure written in an actor: closures written outside any actor cost no
    // allocation. One reference keeps the value at two words, which a check reads in registers.
    @usableFromInline
    let site: Site?

    /// What an isolated closure's check needs beyond its mode, read only to stop the program.
    @usableFromInline
    final class Site: Sendable {
        @usableFromInline
        let actor: (any Actor)?
        let file: StaticString?
        let line: UInt

        init(actor: (any Actor)?, file: StaticString?, line: UInt) {
            self.actor = actor
            self.file = file
            self.line = line
        }
    }

    /// The isolation `isolation`, usually the caller's `#isolation`, with no known call site:
    /// a violation's message names the closure but not where it was handed over.
    public init(_ isolation: isolated (any Actor)?) {
        self.init(isolation, site: nil, line: 0)
    }

    /// The isolation `isolation`, usually the caller's `#isolation`, of a closure handed over
    /// at `file` and `line`, usually the caller's `#fileID` and `#line`, which a violation's
    /// message names.
    public init(_ isolation: isolated (any Actor)?, file: StaticString, line: UInt) {
        self.init(isolation, site: file, line: line)
    }

    private init(_ isolation: isolated (any Actor)?, site file: StaticString?, line: UInt) {
        if let isolation {
            if isolation === MainActor.shared {
                mode = .mainActor
                site = Site(actor: nil, file: file, line: line)
            } else {
                mode = .actor
                site = Site(actor: isolation, file: file, line: line)
            }
        } else {
            mode = .nonisolated
            site = nil
        }
    }

    /// Whether closures of this isolation may be called on any thread, with no check.
    @inlinable
    public var isNonisolated: Bool {
        mode == .nonisolated
    }

    /// Whether `other` is the same isolation: then closures of both can run in one stage under
    /// one check. Where the closures were handed over does not count.
    @inlinable
    public func isSame(as other: HandlerIsolation) -> Bool {
        mode == other.mode && site?.actor === other.site?.actor
    }

    /// Stops the program when the caller does not run in this isolation: for the main actor, off
    /// the main thread; for another actor, outside it (the runtime's check, which names the
    /// actor). `handler` names the closure about to be called, as the user wrote it, such as
    /// `"subscribe(onNext:)"` or `"map(_:)"`.
    @inlinable
    public func check(_ handler: StaticString) {
        // Inlined, and reading only the mode: outside any actor the check is one comparison.
        // Marked as the likely path, so that the rest is out of line.
        if _fastPath(mode == .nonisolated) { return }
        checkElsewhere(handler)
    }

    /// The rest of ``check(_:)``, out of line: the main actor, and actors other than the main
    /// one.
    @usableFromInline
    func checkElsewhere(_ handler: StaticString) {
        switch mode {
        case .nonisolated:
            return
        case .mainActor:
            checkMainThread(handler)
        case .actor:
            guard let actor = site?.actor else { return }
            actor.preconditionIsolated(
                "RxSwiftModular: the \(handler) closure was written in code isolated to \(actor) and is called outside it"
                    + callSite(handler)
            )
        }
    }

    /// `guarding(_:_:)` for a closure of one argument, the common case, with no parameter pack
    /// between the call and the closure.
    @inlinable
    public func guarding<Argument, Result>(
        _ closure: @escaping (Argument) throws -> Result, _ handler: StaticString
    ) -> (Argument) throws -> Result {
        if isNonisolated { return closure }
        return { argument in
            check(handler)
            return try closure(argument)
        }
    }

    /// `guarding(_:_:)` for a closure of no arguments (factories), with no parameter pack
    /// between the call and the closure.
    @inlinable
    public func guarding<Result>(
        _ closure: @escaping () throws -> Result, _ handler: StaticString
    ) -> () throws -> Result {
        if isNonisolated { return closure }
        return {
            check(handler)
            return try closure()
        }
    }

    /// `guarding(_:_:)` for a closure of no arguments that does not throw.
    @inlinable
    public func guarding<Result>(
        _ closure: @escaping () -> Result, _ handler: StaticString
    ) -> () -> Result {
        if isNonisolated { return closure }
        return {
            check(handler)
            return closure()
        }
    }

    /// `guarding(_:_:)` for a closure of one argument that does not throw.
    @inlinable
    public func guarding<Argument, Result>(
        _ closure: @escaping (Argument) -> Result, _ handler: StaticString
    ) -> (Argument) -> Result {
        if isNonisolated { return closure }
        return { argument in
            check(handler)
            return closure(argument)
        }
    }

    /// `guarding(_:_:)` for a closure of two arguments that does not throw.
    @inlinable
    public func guarding<First, Second, Result>(
        _ closure: @escaping (First, Second) -> Result, _ handler: StaticString
    ) -> (First, Second) -> Result {
        if isNonisolated { return closure }
        return { first, second in
            check(handler)
            return closure(first, second)
        }
    }

    /// `guarding(_:_:)` for a closure of two arguments (accumulators, result selectors), with
    /// no parameter pack between the call and the closure.
    @inlinable
    public func guarding<First, Second, Result>(
        _ closure: @escaping (First, Second) throws -> Result, _ handler: StaticString
    ) -> (First, Second) throws -> Result {
        if isNonisolated { return closure }
        return { first, second in
            check(handler)
            return try closure(first, second)
        }
    }

    /// `closure` itself for code outside any actor; otherwise a closure that runs
    /// ``check(_:)`` and then `closure`. An operator keeps what this returns in place of the
    /// user's closure, so closures written outside any actor cost nothing more per call.
    ///
    /// Call it only for an isolated closure, as
    /// `let f = isolation.isNonisolated ? f : isolation.guarding(f, "…")`: a closure passed
    /// through this generic signature and back comes out wrapped in two conversion thunks, even
    /// when it is returned as it is, which is an allocation each and two more calls per use.
    /// `rx-tools check-operators` (`Tools/`) keeps every call in that form.
    @inlinable
    public func guarding<each Argument, Result>(
        _ closure: @escaping (repeat each Argument) throws -> Result, _ handler: StaticString
    ) -> (repeat each Argument) throws -> Result {
        if isNonisolated { return closure }
        return { (argument: repeat each Argument) throws -> Result in
            check(handler)
            return try closure(repeat each argument)
        }
    }

    /// `guarding(_:_:)` for a closure that does not throw.
    @inlinable
    public func guarding<each Argument, Result>(
        _ closure: @escaping (repeat each Argument) -> Result, _ handler: StaticString
    ) -> (repeat each Argument) -> Result {
        if isNonisolated { return closure }
        return { (argument: repeat each Argument) -> Result in
            check(handler)
            return closure(repeat each argument)
        }
    }

    /// `guarding(_:_:)` for an accumulator that updates its state in place.
    @inlinable
    public func guarding<State, Argument>(
        _ closure: @escaping (inout State, Argument) throws -> Void, _ handler: StaticString
    ) -> (inout State, Argument) throws -> Void {
        if isNonisolated { return closure }
        return { state, argument in
            check(handler)
            try closure(&state, argument)
        }
    }

    @usableFromInline
    func checkMainThread(_ handler: StaticString) {
        if MainThread.isCurrent { return }
        Hooks.isolationViolationHandler(
            """
            RxSwiftModular: the \(handler) closure was written in main-actor code, so it may touch main-actor \
            state, but its event arrived off the main thread, where running it would be a data \
            race. Deliver the events on the main thread first, with \
            `.observe(on: MainScheduler.instance)` before this operator; or, if the closure \
            touches no actor-isolated state, mark it `@Sendable` and pass `isolation: nil`.
            """ + callSite(handler))
    }

    /// Where the closure was handed over, to end a violation's message: `" (map(_:) at
    /// MyApp/ViewModel.swift:42)"`, or nothing when not known.
    private func callSite(_ handler: StaticString) -> String {
        guard let site, let file = site.file else { return "" }
        return " (\(handler) at \(file):\(site.line))"
    }
}
