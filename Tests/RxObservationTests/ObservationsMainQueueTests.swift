import Dispatch
import Foundation
import Observation
import RxCore
import RxDisposables
import RxObservation
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// The default scheduler, the main queue: the first value at once when subscribed there, and a
/// change made there read after it lands although `MainScheduler.instance` runs work at once on
/// the main queue; `@MainActor` models with closures written in main-actor code.
final class ObservationsMainQueueTests: RxTestCase {
    func testOnTheMainQueueTheFirstValueComesAtOnceAndAChangeIsReadAfterItLands() {
        let model = Pair()
        var received: [Int] = []
        let changed = expectation(description: "the changed value")
        let subscription = Observable.observations { model.a }
            .subscribe(onNext: { value in
                received.append(value)
                if value == 1 { changed.fulfill() }
            })
        XCTAssertEqual(received, [0], "subscribed on the main queue, the first value comes at once")

        // The main scheduler would run the read inside the change's willSet, before 1 is stored.
        model.a = 1
        XCTAssertEqual(received, [0], "not read inside willSet")

        wait(for: [changed], timeout: 10)
        XCTAssertEqual(received, [0, 1])
        subscription.dispose()
    }

    func testTheDefaultSchedulerDeliversOnTheMainThreadWhereverTheSubscription() {
        let model = Tally()
        let delivered = expectation(description: "delivered")
        let subscribed = expectation(description: "subscribed")
        let onMain = Locked<[Bool]>([])
        let subscription = Locked<(any Disposable)?>(nil)
        DispatchQueue.global().async {
            subscription.value = Observable.observations(lock: model.lock) { model.first }
                .subscribe(onNext: { _ in
                    onMain.mutate { $0.append(Thread.isMainThread) }
                    delivered.fulfill()
                })
            subscribed.fulfill()
        }
        wait(for: [delivered, subscribed], timeout: 10)
        XCTAssertEqual(onMain.value, [true])
        subscription.value?.dispose()
    }

    func testAMainActorModelWithAClosureWrittenInMainActorCode() {
        let changed = expectation(description: "the new title")
        let titles = Locked<[String]>([])
        let subscription = Locked<(any Disposable)?>(nil)
        // XCTest runs its tests on the main thread.
        MainActor.assumeIsolated {
            let screen = Screen()
            // Written in main-actor code, the closure may read main-actor state: it is checked to
            // run on the main thread, where the default scheduler runs it.
            subscription.value = Observable.observations { screen.title.uppercased() }
                .subscribe(onNext: { title in
                    titles.mutate { $0.append(title) }
                    if title == "INBOX" { changed.fulfill() }
                })
            screen.title = "inbox"
        }
        wait(for: [changed], timeout: 10)
        XCTAssertEqual(titles.value, ["", "INBOX"])
        subscription.value?.dispose()
    }

    func testAMainActorModelInVirtualTimeOnTheMainThread() {
        MainActor.assumeIsolated {
            let scheduler = TestScheduler(initialClock: 0)
            let screen = Screen()
            scheduler.scheduleAt(300) { screen.items = ["a", "b"] }

            let res = scheduler.start { screen.rx.observe(\.items.count, scheduler: scheduler) }

            XCTAssertEqual(res.events, [.next(201, 0), .next(301, 2)])
        }
    }
}
