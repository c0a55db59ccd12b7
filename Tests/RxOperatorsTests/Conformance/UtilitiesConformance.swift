// The conformance rows of the operators in Sources/RxOperators/Utilities/.

import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Testing

extension OperatorConformance {
    static let utilities: [ConformanceRow] = [
        .passingThrough("do") { source, _ in source.do(onNext: { _ in }, onDispose: {}) },
        .passingThrough("ifEmpty(default:)") { source, _ in source.ifEmpty(default: 0) },
        .passingThrough("ifEmpty(switchTo:)") { source, _ in source.ifEmpty(switchTo: .never()) },
    ]
}
