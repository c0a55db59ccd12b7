// The conformance rows of the operators in Sources/RxOperators/Debugging/.

import RxCore
import RxDisposables
@testable import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Testing

extension OperatorConformance {
    static let debugging: [ConformanceRow] = [
        .passingThrough("debug") { source, _ in
            source.debug("reliability", trimOutput: false, file: "", line: 0, function: "") { _ in }
        }
    ]
}
