// The conformance rows of the operators in Sources/RxOperators/Traits/.

import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Testing

extension OperatorConformance {
    static let traits: [ConformanceRow] = [
        // Disposed at 202: before the source completes, so only `first()` has sent its element.
        .creating("asSingle", sends: []) { scheduler in
            Observable.just(1, scheduler: scheduler).asSingle().asObservable()
        },
        .creating("asMaybe", sends: []) { scheduler in
            Observable.just(1, scheduler: scheduler).asMaybe().asObservable()
        },
        .creating("asCompletable", of: Never.self, sends: []) { scheduler in
            Observable.just(1, scheduler: scheduler).ignoreElements().asCompletable().asObservable()
        },
        .creating("toArray", of: [Int].self, sends: []) { scheduler in
            Observable.of(1, 2, 3, scheduler: scheduler).toArray().asObservable()
        },
        .creating("first", of: Int?.self, sends: [.next(201, 1), .completed(201)]) { scheduler in
            Observable.of(1, 2, 3, scheduler: scheduler).first().asObservable()
        },
    ]
}
