// The conformance rows of the operators in Sources/RxOperators/Time/.

import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Testing

extension OperatorConformance {
    static let time: [ConformanceRow] = [
        // A buffer of one passes each element on as it comes; the empty last one is dropped.
        .passingThrough("buffer") { source, scheduler in
            source.buffer(timeSpan: .never, count: 1, scheduler: scheduler).compactMap(\.first)
        },
        // Disposed while an element waits for its quiet period.
        .creating("debounce", sends: []) { scheduler in
            Observable.of(1, 2, 3, scheduler: scheduler).debounce(.seconds(10), scheduler: scheduler)
        },
        .passingThrough("delaySubscription", subscribedLateBy: 1) { source, scheduler in
            source.delaySubscription(.seconds(0), scheduler: scheduler)
        },
        .passingThrough("delay", deliveredLateBy: 1) { source, scheduler in
            source.delay(.seconds(1), scheduler: scheduler)
        },
        .passingThrough("skip(_:scheduler:)") { source, scheduler in
            source.skip(.seconds(0), scheduler: scheduler)
        },
        .passingThrough("take(for:)") { source, scheduler in
            source.take(for: .seconds(1_000), scheduler: scheduler)
        },
        .passingThrough("throttle") { source, scheduler in
            source.throttle(.seconds(5), scheduler: scheduler)
        },
        .passingThrough("timeout") { source, scheduler in
            source.timeout(.seconds(1_000), scheduler: scheduler)
        },
        .passingThrough("timeout(_:other:)") { source, scheduler in
            source.timeout(.seconds(1_000), other: Observable.never(), scheduler: scheduler)
        },
        .passingThrough("window") { source, scheduler in
            source.window(timeSpan: .never, count: 2, scheduler: scheduler).merge()
        },
    ]
}
