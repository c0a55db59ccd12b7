import Foundation
import RxCocoaTraits
import RxCore
import RxDisposables
import RxOperators

/// `driver_per_delivery`: one element of a `Driver` with ten observers, built under
/// `SharingScheduler.mock` on a scheduler that runs each action at once, against the same
/// chain written by hand on the same scheduler: `observe(on:)`, `catchAndReturn`, and
/// `share(replay: 1, scope: .whileConnected)`, which is what `asDriver(onErrorJustReturn:)` is.
enum DriverPerDelivery {
    static let observers = 10

    static func rx(elements: Int) -> Int {
        let total = Accumulator()
        let subject = PublishSubject<Int>()
        SharingScheduler.mock(scheduler: ImmediateScheduler()) {
            let driver = subject.asDriver(onErrorJustReturn: 0)
            let subscriptions = (0..<observers).map { _ in driver.drive(onNext: { total.sum &+= $0 }) }
            for _ in 0..<elements {
                subject.onNext(1)
            }
            for subscription in subscriptions { subscription.dispose() }
        }
        return total.sum
    }

    static func byHand(elements: Int) -> Int {
        let total = Accumulator()
        let subject = PublishSubject<Int>()
        let shared = subject.observe(on: ImmediateScheduler()).catchAndReturn(0)
            .share(replay: 1, scope: .whileConnected)
        let subscriptions = (0..<observers).map { _ in shared.subscribe(onNext: { total.sum &+= $0 }) }
        for _ in 0..<elements {
            subject.onNext(1)
        }
        for subscription in subscriptions { subscription.dispose() }
        return total.sum
    }

    static func expected(elements: Int) -> Int {
        elements * observers
    }
}

/// A scheduler that runs every action at once, on the caller's stack: what a mocked sharing
/// scheduler costs at least, so that the scenario measures the driver's machinery alone.
final class ImmediateScheduler: SchedulerType, Sendable {
    var now: RxTime { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        action(state)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        action(state)
    }

    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        _ = action(state)
        return Disposables.create()
    }
}
