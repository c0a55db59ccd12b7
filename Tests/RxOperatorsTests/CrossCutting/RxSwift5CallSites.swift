import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers

// Old RxSwift code as it is written in the wild: calls of the deprecated spellings with trailing
// closures and default arguments, `Single.subscribe(onSuccess:onError:)` among them (which did
// not compile here before: "requires the types 'SingleTrait' and 'MaybeTrait' be equivalent").
// `DeprecatedSpellings` proves the signatures; this proves that such calls resolve, to the forms
// with `isolation:`, and what they do. The calls sit in a deprecated extension, where using a
// deprecated symbol does not warn (the test targets build with `-warnings-as-errors`); tests
// reach them through `RxSwift5Code`, whose conformance they find with a cast at run time.

/// A main-actor view model written against RxSwift 5's spellings.
@MainActor
final class RxSwift5ViewModel {
    let input = PublishSubject<Int>()
    var seen: [Int] = []
    var subscription: (any Disposable)?
}

/// Old code's calls of deprecated spellings, each returning what it built.
protocol RxSwift5Code {
    func subscribe(_ single: Single<Int>, log: Locked<[String]>) -> any Disposable
    func recovered(_ source: Observable<Int>) -> Observable<Int>
    func filtered(_ source: Observable<Int>, until other: Observable<Int>) -> Observable<Int>
    func retried(_ source: Observable<Int>) -> Observable<Int>
    /// Binds `model` with a `skipWhile` closure that touches its main-actor state, its events
    /// moved to `scheduler` first.
    @MainActor func bindSkipWhile(_ model: RxSwift5ViewModel, on scheduler: any ImmediateSchedulerType)
}

struct RxSwift5CallSites {}

@available(*, deprecated, message: "old code calling RxSwift 5's spellings, reached through RxSwift5Code")
extension RxSwift5CallSites: RxSwift5Code {
    func subscribe(_ single: Single<Int>, log: Locked<[String]>) -> any Disposable {
        single.subscribe(
            onSuccess: { value in log.mutate { $0.append("success \(value)") } },
            onError: { error in log.mutate { $0.append("error \(error)") } })
    }

    func recovered(_ source: Observable<Int>) -> Observable<Int> {
        source.catchError { _ in .error(TestError.other) }.catchErrorJustReturn(-1)
    }

    func filtered(_ source: Observable<Int>, until other: Observable<Int>) -> Observable<Int> {
        source.skipWhile { $0 < 2 }.takeWhile { $0 < 10 }.takeUntil(other).takeUntil(.inclusive) { $0 == 5 }
    }

    func retried(_ source: Observable<Int>) -> Observable<Int> {
        source.retryWhen { errors in errors.take(1) }
    }

    @MainActor func bindSkipWhile(_ model: RxSwift5ViewModel, on scheduler: any ImmediateSchedulerType) {
        model.subscription = model.input.observeOn(scheduler)
            .skipWhile { element in
                model.seen.append(element)
                return false
            }
            .subscribe()
    }
}

/// The old code, found by a cast so that no deprecated conformance is named.
var rxSwift5Code: any RxSwift5Code {
    let erased: Any = RxSwift5CallSites()
    guard let code = erased as? any RxSwift5Code else {
        fatalError("RxSwift5CallSites lost its conformance to RxSwift5Code")
    }
    return code
}
