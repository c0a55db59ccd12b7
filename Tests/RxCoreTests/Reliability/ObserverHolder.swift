import RxCore

// @unchecked Sendable: set before the threads start and cleared after they finish; they only read it.
/// Keeps the observer a ``HoldingSource`` was given, for threads that send to it later.
final class ObserverHolder: @unchecked Sendable {
    var observer: AnyObserver<Int>?
}
