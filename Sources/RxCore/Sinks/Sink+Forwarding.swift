// The event-free forms of `forwardOn(_:)`: each does exactly what `forwardOn` does with the
// matching event, but calls the observer's `onNext(_:)`, `onCompleted()` or `onError(_:)`, so
// that no `Event` is built in code that is generic over the element type (see
// `ObserverType.onNext(_:)`).
extension Sink {
    /// Delivers `element` downstream unless the sink has been disposed, exactly as
    /// `forwardOn(.next(element))` does.
    // Always inlined: it is a load, a branch and the downstream call (see `deliver(_:_:)`), and a
    // call of its own would add a frame to every hop of every element.
    @inlinable @inline(__always)
    package final func forwardNext(_ element: Observer.Element) {
        deliver(.next) { $0.onNext(element) }
    }

    /// Delivers completion downstream unless the sink has been disposed, exactly as
    /// `forwardOn(.completed)` does.
    @inlinable
    package final func forwardOnCompleted() {
        deliver(.completed) { $0.onCompleted() }
    }

    /// Delivers `error` downstream unless the sink has been disposed, exactly as
    /// `forwardOn(.error(error))` does.
    @inlinable
    package final func forwardOnError(_ error: any Swift.Error) {
        deliver(.error) { $0.onError(error) }
    }
}
