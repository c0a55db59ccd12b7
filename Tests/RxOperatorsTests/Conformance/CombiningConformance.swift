// The conformance rows of the operators in Sources/RxOperators/Combining/.

import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Testing

extension OperatorConformance {
    static let combining: [ConformanceRow] = [
        .passingThrough("amb") { source, _ in source.amb(Observable<Int>.never()) },
        .passingThrough("combineLatest") { source, _ in
            Observable.combineLatest(source, Observable.just(0)) { element, _ in element }
        },
        .passingThrough("combineLatest(collection)") { source, _ in
            Observable.combineLatest([source]) { $0[0] }
        },
        .passingThrough("concatMap") { source, _ in Observable.just(0).concatMap { _ in source } },
        .passingThrough("concat") { source, _ in Observable.concat(source, .empty()) },
        .passingThrough("concat(_:)") { source, _ in source.concat(Observable.empty()) },
        .passingThrough("concat()") { source, _ in Observable.of(source, .empty()).concat() },
        .passingThrough("flatMapFirst") { source, _ in Observable.just(0).flatMapFirst { _ in source } },
        .passingThrough("flatMapLatest") { source, _ in Observable.just(0).flatMapLatest { _ in source }
        },
        .passingThrough("flatMap") { source, _ in Observable.just(0).flatMap { _ in source } },
        .passingThrough("merge(maxConcurrent:)") { source, _ in
            Observable.of(source, .empty()).merge(maxConcurrent: 1)
        }
        .stopping("merge(maxConcurrent:): maxConcurrent must be positive, but it is 0") {
            _ = Observable.of(Observable.of(1)).merge(maxConcurrent: 0)
        }
        .stopping("merge(maxConcurrent:): maxConcurrent must be positive, but it is -2") {
            _ = Observable.of(Observable.of(1)).merge(maxConcurrent: -2)
        },
        .passingThrough("merge") { source, _ in Observable.merge(source, .empty()) },
        .passingThrough("merge()") { source, _ in Observable.just(source).merge() },
        .passingThrough("startWith") { source, _ in source.startWith() },
        .passingThrough("switchLatest") { source, _ in Observable.just(source).switchLatest() },
        .passingThrough("withLatestFrom") { source, _ in
            source.withLatestFrom(Observable.just(0)) { element, _ in element }
        },
        .passingThrough("zip") { source, _ in
            Observable.zip(source, Observable.from(Array(0..<100))) { element, _ in element }
        },
        .passingThrough("zip(collection)") { source, _ in Observable.zip([source]) { $0[0] } },
    ]
}
