// The conformance rows of the operators in Sources/RxOperators/Debugging/.

import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Testing

@testable import RxOperators

extension OperatorConformance {
    static let debugging: [ConformanceRow] = [
        .passingThrough("debug") { source, _ in
            source.debug("reliability", trimOutput: false, file: "", line: 0, function: "") { _ in }
        }
    ]
}
