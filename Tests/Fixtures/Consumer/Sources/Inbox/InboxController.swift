import Dispatch
import RxCocoaTraits
import RxCore
import RxDisposables
import RxObservation
import RxOperators
import RxSchedulers

/// Connects an inbox screen's model to its mailbox, both ways: the filter, once typing pauses,
/// selects the messages, which land back in the model.
@MainActor
public final class InboxController {
    private let bag = DisposeBag()

    /// Starts filtering as the model's filter changes, until the controller goes.
    public init(
        model: InboxModel, mailbox: @escaping (String) -> Observable<[String]>,
        scheduler: any SchedulerType = MainScheduler.instance
    ) {
        model.rx.observe(\.filter, scheduler: scheduler)
            .debounce(.milliseconds(300), scheduler: scheduler)
            .flatMapLatest { filter in mailbox(filter).catchAndReturn([]) }
            .bind(to: model.rx.messages)
            .disposed(by: bag)
    }
}
