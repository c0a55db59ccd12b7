// The conformance rows of the operators in Sources/RxOperators/Scheduling/.

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
    static let scheduling: [ConformanceRow] = [
        .passingThrough("observe(on:)", deliveredLateBy: 1) { source, scheduler in
            source.observe(on: scheduler)
        },
        .passingThrough("subscribe(on:)", subscribedLateBy: 1, unsubscribedLateBy: 1) {
            source, scheduler in source.subscribe(on: scheduler)
        },
    ]
}
