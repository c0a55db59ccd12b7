// The conformance rows of the operators in Sources/RxOperators/Filtering/.

import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Testing

extension OperatorConformance {
    static let filtering: [ConformanceRow] = [
        .passingThrough("distinctUntilChanged") { source, _ in source.distinctUntilChanged() },
        .passingThrough("distinctUntilChanged(_:comparer:)") { source, _ in
            source.distinctUntilChanged({ $0 }, comparer: ==)
        },
        .creating("element(at:)", sends: [.next(201, 1), .completed(201)]) { scheduler in
            Observable.of(1, 2, 3, scheduler: scheduler).element(at: 0)
        }
        .stopping("element(at:): index must not be negative, but it is -1") { _ = Observable.of(1).element(at: -1) },
        .passingThrough("filter") { source, _ in source.filter { _ in true } },
        .creating("ignoreElements", of: Never.self, sends: []) { scheduler in
            Observable.of(1, 2, 3, scheduler: scheduler).ignoreElements()
        },
        .creating("sample", sends: [.next(201, 1)]) { scheduler in
            Observable.of(1, 2, 3, scheduler: scheduler).sample(
                Observable<Int>.interval(.seconds(1), scheduler: scheduler))
        },
        .passingThrough("single") { source, _ in source.single() },
        .passingThrough("skip") { source, _ in source.skip(0) },
        .passingThrough("skip(until:)") { source, _ in source.skip(until: Observable.just(0)) },
        .passingThrough("skip(while:)") { source, _ in source.skip(while: { _ in false }) },
        .creating("takeLast", sends: []) { scheduler in
            Observable.of(1, 2, 3, scheduler: scheduler).takeLast(1)
        }
        .stopping("takeLast(_:): count must not be negative, but it is -2") { _ = Observable.of(1).takeLast(-2) },
        .passingThrough("take") { source, _ in source.take(10) }
            .stopping("take(_:): count must not be negative, but it is -1") { _ = Observable.of(1).take(-1) },
        .passingThrough("take(until:)") { source, _ in source.take(until: Observable<Int>.never()) },
        .passingThrough("take(until:behavior:)") { source, _ in source.take(until: { _ in false }) },
        .passingThrough("take(while:)") { source, _ in source.take(while: { _ in true }) },
    ]
}
