// The conformance rows of the operators in Sources/RxOperators/Transforming/.

import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Testing

extension OperatorConformance {
    static let transforming: [ConformanceRow] = [
        .passingThrough("compactMap") { source, _ in source.compactMap { $0 } },
        .creating("decode", sends: [.next(201, 1)]) { scheduler in
            Observable.just(Data("1".utf8), scheduler: scheduler).decode(type: Int.self, decoder: JSONDecoder())
        },
        .passingThrough("enumerated") { source, _ in source.enumerated().map(\.element) },
        .passingThrough("groupBy") { source, _ in source.groupBy { _ in 0 }.flattenedGroups() },
        .passingThrough("map") { source, _ in source.map { $0 } },
        .passingThrough("materialize().dematerialize()") { source, _ in
            source.materialize().dematerialize()
        },
        .creating("reduce", sends: []) { scheduler in
            Observable.of(1, 2, 3, scheduler: scheduler).reduce(0, accumulator: +)
        },
        .passingThrough("scan") { source, _ in source.scan(0) { _, element in element } },
        .passingThrough("withUnretained") { source, scheduler in
            source.withUnretained(scheduler) { _, element in element }
        },
    ]
}

extension ObservableType {
    /// The elements of every group of a `groupBy`, in the order they arrive, for the disposal
    /// check: each group is subscribed to as it is received, its terminal event left to the
    /// sequence of groups, and disposing the result disposes every subscription.
    fileprivate func flattenedGroups<Key, Value>() -> Observable<Value> where Element == GroupedObservable<Key, Value> {
        Observable.create { observer in
            let groups = CompositeDisposable()
            let outer = subscribe(
                onNext: { group in _ = groups.insert(group.subscribe(onNext: { observer.onNext($0) })) },
                onError: { observer.onError($0) }, onCompleted: { observer.onCompleted() })
            return Disposables.create(outer, groups)
        }
    }
}
