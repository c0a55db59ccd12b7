import RxCore
import RxOperators
import RxSchedulers

// What `drive` and `emit` share: each of their forms is one of these, after the driver's
// main-thread check.
extension SharedSequenceConvertibleType {
    /// Subscribes, and sends every event to each of `observers`, in order.
    func sendEvents<Observer: ObserverType>(to observers: [Observer]) -> any Disposable
    where Observer.Element == Element {
        asObservable().subscribe({ event in for observer in observers { observer.on(event) } }, isolation: nil)
    }

    /// Subscribes, and sends every event, elements wrapped in an `Optional`, to each of
    /// `observers`, in order.
    func sendEvents<Observer: ObserverType>(to observers: [Observer]) -> any Disposable
    where Observer.Element == Element? {
        asObservable().map({ $0 as Element? }, isolation: nil)
            .subscribe({ event in for observer in observers { observer.on(event) } }, isolation: nil)
    }

    /// Subscribes, and hands each element to `accept`.
    func acceptElements(_ accept: @escaping (Element) -> Void) -> any Disposable {
        asObservable().subscribe(onNext: accept, isolation: nil)
    }
}

/// Stops a debug build when `drive` is called off the main thread, as RxSwift does: a driver
/// replays its latest element on the caller's thread, and that element would reach the UI off
/// the main thread. Release builds do not check.
func checkDrivingOnMainThread() {
    #if DEBUG
        MainScheduler.ensureRunningOnMainThread(
            errorMessage: """
                drive(...) was called off the main thread. A Driver replays its latest element on the \
                thread that subscribes, so drive it from the main thread (in tests too: from an XCTest \
                method, or under SharingScheduler.mock on the main thread).
                """)
    #endif
}
