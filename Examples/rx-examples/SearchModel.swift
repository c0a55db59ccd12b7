import Foundation
import Observation
import RxCocoaTraits
import RxCore
import RxDisposables
import RxObservation
import RxOperators
import RxSchedulers

/// A search screen's state, as an application of 2026 keeps it: an `@Observable` model on the
/// main actor, which the screen reads and writes.
@MainActor @Observable final class SearchModel: ReactiveCompatible {
    /// What the user typed.
    var query = ""
    /// What the last search found.
    var results: [String] = []
    /// How many searches were sent, for the screen's debugging overlay.
    var searches = 0
}

/// Connects a ``SearchModel`` to a search service, with Rx in between: the query, once the user
/// pauses typing, drives a search (a new one cancels the one under way), and what it finds lands
/// back in the model.
@MainActor final class SearchController {
    private let bag = DisposeBag()

    /// Starts searching as `model.query` changes, until the controller goes.
    ///
    /// - Parameters:
    ///   - model: the screen's state; held weakly, as a screen owns its controller.
    ///   - search: the service: the matches of a query, or an error.
    ///   - pause: how long typing must pause before a search.
    ///   - scheduler: where the query is read and the results land: the main queue in the
    ///     application, a `TestScheduler` in tests.
    init(
        model: SearchModel, search: @escaping (String) -> Observable<[String]>,
        pause: RxTimeInterval = .milliseconds(300), scheduler: any SchedulerType = MainScheduler.instance
    ) {
        model.rx.observe(\.query, scheduler: scheduler)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .debounce(pause, scheduler: scheduler)
            .distinctUntilChanged()
            .do(onNext: { [weak model] query in
                if !query.isEmpty { model?.searches += 1 }
            })
            .flatMapLatest { query -> Observable<[String]> in
                // A failed search shows nothing rather than ending the binding.
                query.isEmpty ? .just([]) : search(query).catchAndReturn([])
            }
            .bind(to: Binder(model, scheduler: scheduler) { model, results in model.results = results })
            .disposed(by: bag)
    }
}
