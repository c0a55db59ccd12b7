import RxCocoaTraits
import RxCore
import RxDisposables
import RxOperators
import RxTestSupport

/// A settings screen's view model, written with drivers and a signal, run in virtual time.
let settingsSection = Section(
    name: "settings",
    title: "a settings screen's view model, with Driver and Signal",
    summary: "a view model of drivers and a signal, tested in virtual time with SharingScheduler.mock"
) {
    explain(
        "A view model hands its screen Drivers for state (they never fail, deliver on the main",
        "scheduler and replay the latest value) and Signals for events. SharingScheduler.mock makes",
        "them deliver on a TestScheduler instead, so the screen's whole story plays in virtual time:",
        "the user types a name (checked as typed), flips a toggle, and taps save four times; only",
        "taps while the name is fine save anything."
    )
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    SharingScheduler.mock(scheduler: scheduler) {
        let names: [Character: String] = ["e": "", "a": "Ada", "l": "Ada Lovelace!", "s": "Ada L."]
        let name = scheduler.createHotObservable([
            .next(210, ""), .next(230, "Ada"), .next(250, ""), .next(270, "Ada Lovelace!"), .next(290, "Ada L."),
        ])
        let toggle = scheduler.createHotObservable([.next(210, true), .next(260, false)])
        let taps = scheduler.createHotObservable([
            .next(240, Tap()), .next(260, Tap()), .next(280, Tap()), .next(300, Tap()),
        ])
        let model = SettingsScreenModel(
            name: name.asObservable(), notifications: toggle.asObservable(),
            saveTaps: taps.asSignal(onErrorSignalWith: .empty()).map { _ in () })

        let typed = scheduler.createObserver(String.self)
        let canSave = scheduler.createObserver(Bool.self)
        let saved = scheduler.createObserver(String.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(TestScheduler.Defaults.subscribed) {
            name.subscribe(typed).disposed(by: bag)
            model.canSave.drive(canSave).disposed(by: bag)
            model.saved.map { "\($0.name), notifications \($0.notifications ? "on" : "off")" }
                .emit(to: saved).disposed(by: bag)
        }
        scheduler.start()

        show("name typed      \(scheduler.marbleDiagram(of: typed.events, values: names))")
        show("  where e = \"\", a = \"Ada\", l = \"Ada Lovelace!\" (too long), s = \"Ada L.\"")
        show("taps on save    \(scheduler.marbleDiagram(of: taps.recordedEvents, values: ["x": Tap()]))")
        show("canSave         \(scheduler.marbleDiagram(of: canSave.events, values: ["t": true, "f": false]))")
        show("saved           \(saved.events.map(\.debugDescription).joined(separator: ", "))")
    }
    print()
}

/// A tap, drawn as `x` in a diagram.
struct Tap: Equatable {}

/// What the settings screen saves.
struct SavedSettings: Equatable {
    let name: String
    let notifications: Bool
}

/// The settings screen's view model: the save button is enabled while the name is between 1
/// and 12 characters, and each tap on it saves the name and the toggle as they are then.
struct SettingsScreenModel {
    let canSave: Driver<Bool>
    let saved: Signal<SavedSettings>

    init(name: Observable<String>, notifications: Observable<Bool>, saveTaps: Signal<Void>) {
        let name = name.asDriver(onErrorJustReturn: "")
        let valid = name.map { (1...12).contains($0.count) }
        let settings = Driver.combineLatest(name, notifications.asDriver(onErrorJustReturn: false)) {
            SavedSettings(name: $0, notifications: $1)
        }
        canSave = valid.distinctUntilChanged()
        saved = saveTaps.withLatestFrom(settings).filter { (1...12).contains($0.name.count) }
    }
}
