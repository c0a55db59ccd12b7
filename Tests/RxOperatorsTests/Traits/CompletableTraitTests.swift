import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// `Completable`: its creators and its `subscribe` forms.
final class CompletableTraitTests: CompletableTestCase {
    // MARK: create and subscribe

    func testCreateSendsTheFirstEventOnly() {
        var events: [String] = []
        var disposals = 0
        var send: ((CompletableEvent) -> Void)?
        let completable = Completable.create { observer in
            send = observer
            return Disposables.create { disposals += 1 }
        }

        _ = completable.subscribe { events.append(describe($0)) }
        send?(.error(TestError.boom))
        send?(.completed)

        XCTAssertEqual(events, ["error(boom)"])
        XCTAssertEqual(disposals, 1)
        send = nil
    }

    func testCreateOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)

        let events = record(scheduler) {
            Completable.create { observer in
                scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
                    observer(.completed)
                    return Disposables.create()
                }
            }
        }

        XCTAssertEqual(events, ["completed @ 220"])
    }

    func testSubscribeFormsCallTheirHandlerThenOnDisposed() {
        var log: [String] = []
        final class Owner {
            var log: [String] = []
        }
        let owner = Owner()

        _ = Completable.empty().subscribe(
            onCompleted: { log.append("completed") }, onError: { log.append("error \($0)") },
            onDisposed: { log.append("disposed") })
        _ = Completable.error(TestError.boom).subscribe(
            onCompleted: { log.append("completed") }, onError: { log.append("error \($0)") },
            onDisposed: { log.append("disposed") })
        Completable.never().subscribe(onDisposed: { log.append("never disposed") }).dispose()
        _ = Completable.empty().subscribe(
            with: owner, onCompleted: { $0.log.append("completed") }, onDisposed: { $0.log.append("disposed") })
        _ = Completable.error(TestError.other).subscribe(with: owner, onError: { $0.log.append("error \($1)") })

        XCTAssertEqual(log, ["completed", "disposed", "error boom", "disposed", "never disposed"])
        XCTAssertEqual(owner.log, ["completed", "disposed", "error other"])
    }

    func testTheClosuresAreReleasedOnceItEndsWhileItsDisposableIsStillHeld() {
        final class Owner {}
        let subject = PublishSubject<Never>()
        weak var weakOwner: Owner?
        var log: [String] = []
        var held: (any Disposable)?
        do {
            let owner = Owner()
            weakOwner = owner
            held = subject.asCompletable().subscribe(
                onCompleted: {
                    _ = owner
                    log.append("completed")
                }, onError: { _ in log.append("error") },
                onDisposed: {
                    _ = owner
                    log.append("disposed")
                })
        }
        XCTAssertNotNil(weakOwner)

        subject.onCompleted()

        XCTAssertEqual(log, ["completed", "disposed"])
        XCTAssertNil(weakOwner)
        held?.dispose()
    }

    func testAnErrorWithoutOnErrorGoesToTheDefaultErrorHandler() {
        let unhandled = Locked<[String]>([])
        let previousHandler = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in unhandled.mutate { $0.append("\(error)") } }
        defer { Hooks.defaultErrorHandler = previousHandler }

        _ = Completable.error(TestError.boom).subscribe(onCompleted: {})
        _ = Completable.error(TestError.other).subscribe(onError: { _ in })

        XCTAssertEqual(unhandled.value, ["boom"])
    }

    func testCreatorsOnVirtualTime() {
        XCTAssertEqual(record(TestScheduler(initialClock: 0)) { .empty() }, ["completed @ 200"])
        XCTAssertEqual(record(TestScheduler(initialClock: 0)) { .error(TestError.boom) }, ["error(boom) @ 200"])
        XCTAssertEqual(record(TestScheduler(initialClock: 0)) { .never() }, [])
    }

}

// MARK: - asCompletable of an observable

extension CompletableTraitTests {
    func testAsCompletableOfASequenceOfNeverPassesItsTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let completing = scheduler.createHotObservable([Recorded<Event<Never>>.completed(250)])
        let other = TestScheduler(initialClock: 0)
        let failing = other.createHotObservable([Recorded<Event<Never>>.error(240, TestError.boom)])

        let completed = scheduler.start { completing.asCompletable() }
        let failed = other.start { failing.asCompletable() }

        XCTAssertEqual(completed.events.count, 1)
        XCTAssertEqual(completed.events.first?.time, 250)
        XCTAssertTrue(completed.events.first?.value.isCompleted ?? false)
        XCTAssertEqual(failed.events.first?.time, 240)
        XCTAssertEqual(failed.events.first?.value.error as? TestError, .boom)
    }
}
