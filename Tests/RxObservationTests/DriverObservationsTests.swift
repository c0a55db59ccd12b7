import Observation
import RxCocoaTraits
import RxCore
import RxDisposables
import RxObservation
import RxOperators
import RxTestSupport
import XCTest

/// `Driver.observations`: on the sharing scheduler (a test scheduler under a mock), one
/// evaluation per change whatever the number of subscribers, the latest value replayed to each.
final class DriverObservationsTests: RxTestCase {
    func testOneEvaluationPerChangeSharedByEverySubscriberWithTheLatestReplayed() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = Pair()
        var evaluations = 0
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)
        let bag = DisposeBag()
        SharingScheduler.mock(scheduler: scheduler) {
            let title = Driver.observations { () -> String in
                evaluations += 1
                return "\(model.a) new"
            }
            scheduler.scheduleAt(200) { title.drive(first).disposed(by: bag) }
            scheduler.scheduleAt(300) { model.a = 2 }
            scheduler.scheduleAt(350) { title.drive(second).disposed(by: bag) }
            scheduler.scheduleAt(400) { model.a = 3 }
        }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(201, "0 new"), .next(301, "2 new"), .next(401, "3 new")])
        XCTAssertEqual(second.events, [.next(350, "2 new"), .next(401, "3 new")])
        XCTAssertEqual(evaluations, 3)
    }

    func testOnTheMainQueueTheDriverGivesTheCurrentValueAtOnce() {
        MainActor.assumeIsolated {
            let screen = Screen()
            screen.title = "Inbox"
            var titles: [String] = []
            let subscription = Driver.observations { screen.title }.drive(onNext: { titles.append($0) })
            XCTAssertEqual(titles, ["Inbox"])
            subscription.dispose()
        }
    }
}
