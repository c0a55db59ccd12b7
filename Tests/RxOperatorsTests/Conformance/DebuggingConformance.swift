// The conformance rows of the operators in Sources/RxOperators/Debugging/.

import RxCore
import RxDiagrams
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
        },
        // Each row's check makes its chains afresh; the timeline is the row's, shared by them all.
        .passingThrough("debug(_:into:)") { source, _ in
            source.debug("conformance", into: conformanceTimeline)
        },
    ]
}

/// What the `debug(_:into:)` row records into: bounded, so the checks' many chains stay small.
private let conformanceTimeline = Timeline(capacity: 1_000)
