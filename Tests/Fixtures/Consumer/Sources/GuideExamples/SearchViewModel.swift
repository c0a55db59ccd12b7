import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxRelay

/// Docs/Testing.md's main-actor view model: it searches as the query changes, once per pause
/// in typing, and keeps the latest results for the view.
@MainActor
public final class SearchViewModel {
    /// What the user typed.
    public let query = BehaviorRelay(value: "")
    /// The results of the latest search, for the view.
    public private(set) var results: [String] = []
    /// The results as they come, the latest replayed to each new subscriber.
    public let resultUpdates: Observable<[String]>
    private let bag = DisposeBag()

    /// A view model whose searches go through `search`, pauses in typing timed on `scheduler`.
    public init(search: @escaping (String) -> Single<[String]>, scheduler: any SchedulerType) {
        resultUpdates =
            query
            .debounce(.milliseconds(300), scheduler: scheduler)
            .distinctUntilChanged()
            .flatMapLatest { query in search(query).asObservable() }
            .share(replay: 1)
        // `with: self` holds the view model weakly: the bag it owns does not keep it alive.
        resultUpdates
            .subscribe(with: self, onNext: { model, results in model.results = results })
            .disposed(by: bag)
    }
}
