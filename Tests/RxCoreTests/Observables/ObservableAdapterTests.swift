import RxCore
import RxDisposables
import RxTestSupport
import XCTest

/// A sequence that is not an `Observable`: it replays `events` on subscription, keeps the
/// observer so a test can send more, and logs when its subscription is disposed.
private struct CustomSource: ObservableType {
    typealias Element = Int

    let log: CallLog
    let events: [Event<Int>]
    let slot: ObserverSlot<Int>

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
        log.append("source subscribed")
        for event in events {
            observer.on(event)
        }
        slot.observer = AnyObserver(observer)
        let log = log
        return Disposables.create { log.append("source disposed") }
    }
}

final class ObservableAdapterTests: RxTestCase {
    func testAsObservableDeliversTheCustomSequence() {
        let log = CallLog()
        let slot = ObserverSlot<Int>()
        let source = CustomSource(log: log, events: [.next(1), .next(2), .completed], slot: slot)
        let observable: Observable<Int> = source.asObservable()

        let subscription = observable.subscribe { log.append($0.description) }
        slot.observer = nil

        XCTAssertEqual(log.entries, ["source subscribed", "next(1)", "next(2)", "completed", "source disposed"])
        subscription.dispose()
        XCTAssertEqual(log.entries.count, 5)
    }

    func testSubscribeFamilyWorksOnTheCustomTypeDirectly() {
        let log = CallLog()
        let slot = ObserverSlot<Int>()
        let source = CustomSource(log: log, events: [.next(1), .completed], slot: slot)

        let subscription = source.subscribe(
            onNext: { log.append("next(\($0))") }, onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })
        slot.observer = nil

        XCTAssertEqual(log.entries, ["source subscribed", "next(1)", "completed", "disposed", "source disposed"])
        subscription.dispose()
    }

    func testNothingAfterTheFirstTerminalEventReachesTheObserver() {
        let log = CallLog()
        let slot = ObserverSlot<Int>()
        let source = CustomSource(
            log: log, events: [.next(1), .error(NumberedError(id: 1)), .next(2), .completed], slot: slot)

        let subscription = source.asObservable().subscribe(AnyObserver<Int> { log.append($0.description) })
        slot.observer?.onNext(3)
        slot.observer = nil

        XCTAssertEqual(log.entries, ["source subscribed", "next(1)", "error(NumberedError(1))", "source disposed"])
        subscription.dispose()
    }

    func testNothingAfterDisposeReachesTheObserver() {
        let log = CallLog()
        let slot = ObserverSlot<Int>()
        let source = CustomSource(log: log, events: [.next(1)], slot: slot)

        let subscription = source.asObservable().subscribe(AnyObserver<Int> { log.append($0.description) })
        slot.observer?.onNext(2)
        subscription.dispose()
        slot.observer?.onNext(3)
        slot.observer?.onCompleted()
        slot.observer = nil

        XCTAssertEqual(log.entries, ["source subscribed", "next(1)", "next(2)", "source disposed"])
    }

    func testAnObservableIsItsOwnObservable() {
        let source = TestProducer<Int> { _ in }
        XCTAssertTrue(source.asObservable() === source)
    }
}
