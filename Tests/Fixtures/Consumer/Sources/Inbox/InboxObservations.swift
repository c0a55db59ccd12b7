import RxCocoaTraits
import RxCore
import RxObservation
import RxOperators

/// The ways to observe an inbox model, as the guide shows them.
@MainActor
public enum InboxObservations {
    /// The unread count: now, then after each change.
    public static func unread(of model: InboxModel) -> Observable<Int> {
        Observable.observations { model.unread }
    }

    /// The filter, without keeping the model: it completes once the model is gone.
    public static func filter(of model: InboxModel) -> Observable<String> {
        model.rx.observe(\.filter)
    }

    /// The screen's title, for the screen to drive its label with.
    public static func title(of model: InboxModel) -> Driver<String> {
        Driver.observations { model.unread == 0 ? "Inbox" : "Inbox (\(model.unread))" }
    }

    /// The unread count, each value once: equal values follow each other when two changes
    /// leave it the same.
    public static func distinctUnread(of model: InboxModel) -> Observable<Int> {
        Observable.observations { model.unread }
            .distinctUntilChanged()
    }
}
