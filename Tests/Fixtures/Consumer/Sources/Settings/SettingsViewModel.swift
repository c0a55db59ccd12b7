import RxCocoaTraits
import RxCore
import RxOperators

/// What the settings screen saves.
public struct Settings: Equatable, Sendable {
    /// The name the user typed.
    public var name: String
    /// Whether the user wants notifications.
    public var notifications: Bool

    /// Settings of `name` and `notifications`.
    public init(name: String, notifications: Bool) {
        self.name = name
        self.notifications = notifications
    }
}

/// The view model of a settings screen: a name field checked as the user types, a
/// notifications toggle, and a save button.
public struct SettingsViewModel {
    /// What is wrong with the name, or `nil` when it is fine.
    public let nameError: Driver<String?>
    /// Whether the save button is enabled.
    public let canSave: Driver<Bool>
    /// The settings saved, one for each tap on an enabled save button.
    public let saved: Signal<Settings>

    /// Connects the screen's inputs: the name field's text, the toggle, and the button's taps.
    public init(name: Observable<String>, notifications: Observable<Bool>, saveTaps: Signal<Void>) {
        let name = name.asDriver(onErrorJustReturn: "")
        let notifications = notifications.asDriver(onErrorJustReturn: false)
        let nameError = name.map(Self.problem(with:))
        let settings = Driver.combineLatest(name, notifications) { Settings(name: $0, notifications: $1) }

        self.nameError = nameError
        canSave = nameError.map { $0 == nil }.distinctUntilChanged()
        saved = saveTaps.withLatestFrom(settings).filter { Self.problem(with: $0.name) == nil }
    }

    /// What is wrong with `name`, or `nil`.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "Enter a name" }
        if name.count > 12 { return "At most 12 characters" }
        return nil
    }
}
