// The conformance rows of the operators in Sources/RxOperators/Infallible/: each is its
// observable namesake underneath, checked here on an infallible sequence made from the row's
// source (which never fails in these checks, so the fallback element never shows).

import Dispatch
import RxCore
import RxDisposables
import RxTestHelpers
import RxTestSupport
import Testing

@testable import RxOperators

extension OperatorConformance {
    static let infallible: [ConformanceRow] = [
        .passingThrough("asInfallible(onErrorJustReturn:)") { source, _ in
            source.asInfallible(onErrorJustReturn: -1).asObservable()
        },
        .passingThrough("asObservable", on: .infallible) { source, _ in source.infallible.asObservable() },
        .passingThrough("create", on: .infallible) { source, _ in
            Infallible.create { observer in
                source.subscribe(onNext: { observer(.next($0)) }, onCompleted: { observer(.completed) })
            }
            .asObservable()
        },
        .passingThrough("deferred", on: .infallible) { source, _ in
            Infallible.deferred { source.infallible }.asObservable()
        },
        .creating("just", on: .infallible, sends: [.next(200, 1), .completed(200)]) { _ in
            Infallible.just(1).asObservable()
        },
        .creating("empty", on: .infallible, sends: [.completed(200)]) { _ in Infallible<Int>.empty().asObservable() },
        .creating("never", on: .infallible, sends: []) { _ in Infallible<Int>.never().asObservable() },
        .creating("of", on: .infallible, sends: [.next(201, 1)]) { scheduler in
            Infallible.of(1, 2, 3, scheduler: scheduler).asObservable()
        },
        .creating("from", on: .infallible, sends: [.next(201, 1)]) { scheduler in
            Infallible.from([1, 2, 3], scheduler: scheduler).asObservable()
        },
        .passingThrough("map", on: .infallible) { source, _ in source.infallible.map { $0 }.asObservable() },
        .passingThrough("compactMap", on: .infallible) { source, _ in
            source.infallible.compactMap { $0 }.asObservable()
        },
        .passingThrough("filter", on: .infallible) { source, _ in
            source.infallible.filter { _ in true }.asObservable()
        },
        .passingThrough("scan", on: .infallible) { source, _ in
            source.infallible.scan(0) { _, element in element }.asObservable()
        },
        .passingThrough("withUnretained", on: .infallible) { source, scheduler in
            source.infallible.withUnretained(scheduler) { _, element in element }.asObservable()
        },
        .passingThrough("distinctUntilChanged", on: .infallible) { source, _ in
            source.infallible.distinctUntilChanged().asObservable()
        },
        .passingThrough("take", on: .infallible) { source, _ in source.infallible.take(10).asObservable() }
            .stopping("take(_:): count must not be negative, but it is -1") {
                _ = Infallible.just(1).take(-1)
            },
        .passingThrough("skip(while:)", on: .infallible) { source, _ in
            source.infallible.skip(while: { _ in false }).asObservable()
        },
        .creating("startWith", on: .infallible, sends: [.next(200, 0), .next(201, 1)]) { scheduler in
            Infallible.of(1, 2, 3, scheduler: scheduler).startWith(0).asObservable()
        },
        .passingThrough("flatMap", on: .infallible) { source, _ in
            Infallible.just(0).flatMap { _ in source.infallible }.asObservable()
        },
        .passingThrough("flatMapFirst", on: .infallible) { source, _ in
            Infallible.just(0).flatMapFirst { _ in source.infallible }.asObservable()
        },
        .passingThrough("flatMapLatest", on: .infallible) { source, _ in
            Infallible.just(0).flatMapLatest { _ in source.infallible }.asObservable()
        },
        .passingThrough("concatMap", on: .infallible) { source, _ in
            Infallible.just(0).concatMap { _ in source.infallible }.asObservable()
        },
        .passingThrough("concat", on: .infallible) { source, _ in
            Infallible.concat(source.infallible, Infallible.empty()).asObservable()
        },
        .passingThrough("merge", on: .infallible) { source, _ in
            Infallible.merge(source.infallible, Infallible.empty()).asObservable()
        },
        .passingThrough("withLatestFrom", on: .infallible) { source, _ in
            source.infallible.withLatestFrom(Infallible.just(0)) { element, _ in element }.asObservable()
        },
        .passingThrough("combineLatest", on: .infallible) { source, _ in
            Infallible.combineLatest(source.infallible, Infallible.just(0)) { element, _ in element }.asObservable()
        },
        .passingThrough("zip", on: .infallible) { source, _ in
            Infallible.zip(source.infallible, Infallible.from(Array(0..<100))) { element, _ in element }
                .asObservable()
        },
        .creating("debounce", on: .infallible, sends: []) { scheduler in
            Infallible.of(1, 2, 3, scheduler: scheduler).debounce(.seconds(10), scheduler: scheduler).asObservable()
        },
        .passingThrough("throttle", on: .infallible) { source, scheduler in
            source.infallible.throttle(.seconds(5), scheduler: scheduler).asObservable()
        },
        .passingThrough("do", on: .infallible) { source, _ in
            source.infallible.do(onNext: { _ in }, onDispose: {}).asObservable()
        },
        .passingThrough("debug", on: .infallible) { source, _ in
            source.infallible.debug("conformance", trimOutput: false, file: "", line: 0, function: "") { _ in }
                .asObservable()
        },
        .passingThrough("share", on: .infallible) { source, _ in
            source.infallible.share(replay: 1).asObservable()
        }
        .stopping("share(replay:scope:): replay must not be negative, got -1") {
            _ = Infallible.just(1).share(replay: -1)
        },
    ]
}

extension Observable<Int> {
    /// This sequence as an infallible one, for the rows of infallible operators.
    fileprivate var infallible: Infallible<Int> { asInfallible(onErrorJustReturn: -1) }
}
