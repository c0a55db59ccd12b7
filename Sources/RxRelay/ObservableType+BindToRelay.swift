import RxCore
import RxDisposables

extension ObservableType {
    /// Subscribes, and makes every relay in `relays` accept each element.
    ///
    /// A relay cannot end, so completion ends the binding without reaching the relays, and an
    /// error is a programmer error: it stops the program in debug builds, naming the error, and
    /// is printed to standard error in release builds. Handle errors upstream (`catchAndReturn`, say).
    public func bind(to relays: PublishRelay<Element>...) -> any Disposable {
        bind(accepting: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Subscribes, and makes every relay in `relays` accept each element, wrapped in an
    /// `Optional`. Completion and errors as
    /// for the first form.
    public func bind(to relays: PublishRelay<Element?>...) -> any Disposable {
        bind(accepting: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Subscribes, and makes every relay in `relays` accept each element as its value.
    /// Completion and errors as
    /// for the first form.
    public func bind(to relays: BehaviorRelay<Element>...) -> any Disposable {
        bind(accepting: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Subscribes, and makes every relay in `relays` accept each element, wrapped in an
    /// `Optional`, as its value. Completion and errors as for
    /// the first form.
    public func bind(to relays: BehaviorRelay<Element?>...) -> any Disposable {
        bind(accepting: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Subscribes, and makes every relay in `relays` accept, and keep, each element.
    /// Completion and errors as
    /// for the first form.
    public func bind(to relays: ReplayRelay<Element>...) -> any Disposable {
        bind(accepting: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Subscribes, and makes every relay in `relays` accept, and keep, each element, wrapped in
    /// an `Optional`. Completion and errors as
    /// for the first form.
    public func bind(to relays: ReplayRelay<Element?>...) -> any Disposable {
        bind(accepting: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    private func bind(accepting accept: @escaping (Element) -> Void) -> any Disposable {
        subscribe { event in
            switch event {
            case .next(let element):
                accept(element)
            case .error(let error):
                bindingErrorToRelay(error)
            case .completed:
                break
            }
        }
    }
}

/// What a binding to a relay does with an error: stops a debug build, naming it, and prints it
/// to standard error in a release build.
func bindingErrorToRelay(_ error: any Swift.Error) {
    reportBindingError("Binding error to a relay: \(error). A relay cannot fail; handle the error before bind(to:).")
}

/// What a binding that cannot fail does when it receives an error anyway: stops a debug build
/// with `message`, and prints `message` to standard error in a release build.
package func reportBindingError(_ message: String) {
    #if DEBUG
        rxFatalError(message)
    #else
        printToStandardError(message)
    #endif
}
