// The forwarding calls besides `forwardOn(_:)`, named by effect: `forwardNext(_:)` passes an
// element along; `forwardErrorAndDispose(_:)` and `forwardCompletedAndDispose()` pass a terminal
// event along and end the subscription. They call the observer's `onNext(_:)`, `onError(_:)` or
// `onCompleted()`, so that no `Event` is built in code that is generic over the element type
// (see `ObserverType.onNext(_:)`).
extension Sink {
    /// Passes `element` downstream unless the sink has been disposed, exactly as
    /// `forwardOn(.next(element))` does.
    @inlinable @inline(__always)
    public final func forwardNext(_ element: Observer.Element) {
        // Always inlined: it is a load, a branch and the downstream call (see `deliver(_:_:)`), and a
        // call of its own would add a frame to every hop of every element.
        deliver(.next) { $0.onNext(element) }
    }

    /// Passes `error` downstream unless the sink has been disposed, then disposes the sink,
    /// which disposes its upstream subscription.
    @inline(never)
    public final func forwardErrorAndDispose(_ error: any Swift.Error) {
        // Out of line, away from the element path it is called from.
        deliver(.error) { $0.onError(error) }
        dispose()
    }

    /// Passes completion downstream unless the sink has been disposed, then disposes the sink,
    /// which disposes its upstream subscription.
    @inline(never)
    public final func forwardCompletedAndDispose() {
        deliver(.completed) { $0.onCompleted() }
        dispose()
    }
}
