import Inbox
import RxCocoaTraits
import RxCore
import RxObservation
import RxOperators
import RxTestSupport
import XCTest

final class InboxControllerTests: RxTestCase {
    func testTheFilterSelectsTheMessagesOnceTypingPauses() {
        // XCTest runs tests on the main thread, where the model lives.
        MainActor.assumeIsolated {
            let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)  // a tick is 100 ms
            let model = InboxModel()
            let controller = InboxController(
                model: model,
                mailbox: { filter in .just(filter.isEmpty ? [] : ["\(filter) 1", "\(filter) 2"]) },
                scheduler: scheduler)
            scheduler.scheduleAt(10) { model.filter = "a" }
            scheduler.scheduleAt(11) { model.filter = "ab" }

            let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) {
                model.rx.observe(\.messages, scheduler: scheduler)
            }

            XCTAssertEqual(res.events, [.next(1, []), .next(15, ["ab 1", "ab 2"])])
            withExtendedLifetime(controller) {}
        }
    }

    func testTheTitleFollowsTheUnreadCount() {
        MainActor.assumeIsolated {
            let scheduler = TestScheduler(initialClock: 0)
            let model = InboxModel()
            let title = scheduler.createObserver(String.self)
            let bag = DisposeBag()
            SharingScheduler.mock(scheduler: scheduler) {
                let driver = InboxObservations.title(of: model)
                scheduler.scheduleAt(200) { driver.drive(title).disposed(by: bag) }
            }
            scheduler.scheduleAt(300) { model.unread = 2 }
            scheduler.scheduleAt(400) { model.unread = 0 }
            scheduler.advanceTo(500)

            XCTAssertEqual(title.events, [.next(201, "Inbox"), .next(301, "Inbox (2)"), .next(401, "Inbox")])
        }
    }
}
