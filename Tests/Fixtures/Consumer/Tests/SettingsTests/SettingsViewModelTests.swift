import RxCocoaTraits
import RxCore
import RxDisposables
import RxOperators
import RxTestSupport
import Settings
import XCTest

final class SettingsViewModelTests: RxTestCase {
    func testTheNameIsCheckedAsTheUserTypesAndSavingFollowsIt() throws {
        // No processing delay: a driver's hop to its scheduler takes no tick, so the
        // diagrams line up frame for frame.
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        try SharingScheduler.mock(scheduler: scheduler) {
            let name = try scheduler.createHotObservable(
                "^a-b-c-d", values: ["a": "", "b": "Ada", "c": "", "d": "Ada"])
            let toggle = try scheduler.createHotObservable("^t-----f", values: ["t": true, "f": false])
            let taps = try scheduler.createHotObservable("^--x-x-x", values: ["x": ()])

            let model = SettingsViewModel(
                name: name.asObservable(), notifications: toggle.asObservable(),
                saveTaps: taps.asSignal(onErrorSignalWith: .empty()))
            let canSave = scheduler.createObserver(Bool.self)
            let saved = scheduler.createObserver(Settings.self)
            let bag = DisposeBag()
            scheduler.scheduleAt(TestScheduler.Defaults.subscribed) {
                model.canSave.drive(canSave).disposed(by: bag)
                model.saved.emit(to: saved).disposed(by: bag)
            }
            scheduler.start()

            assertMarbles(canSave, "-f-t-f-t", values: ["t": true, "f": false])
            assertMarbles(
                saved, "---a---b",
                values: [
                    "a": Settings(name: "Ada", notifications: true),
                    "b": Settings(name: "Ada", notifications: false),
                ])
        }
    }
}
