import RxCore
import RxDisposables

/// The base of this module's sinks: a ``/RxCore/Sink`` with the out-of-line terminal paths
/// they share.
///
/// Elements go downstream through `forwardNext(_:)` (from RxCore), which calls the observer's
/// ``/RxCore/ObserverType/onNext(_:)``, so `next` events cross each operator without an `Event`
/// being built or inspected. Terminal events take ``forwardError(_:)`` and ``forwardCompleted()``,
/// which call the observer's ``/RxCore/ObserverType/onError(_:)`` and
/// ``/RxCore/ObserverType/onCompleted()``, so they build no `Event` either. Both stay out of line,
/// away from the element path they are called from.
///
/// The sinks mark their `onNext(_:)` `@inline(__always)`: the upstream sink calls it through the
/// protocol witness, and with the body inlined there, each element crosses each operator with
/// one call and one stack frame fewer.
class OperatorSink<Observer: ObserverType>: Sink<Observer> {
    /// Sends `error` downstream and ends the subscription.
    @inline(never)
    final func forwardError(_ error: any Swift.Error) {
        forwardOnError(error)
        dispose()
    }

    /// Sends completion downstream and ends the subscription.
    @inline(never)
    final func forwardCompleted() {
        forwardOnCompleted()
        dispose()
    }
}
