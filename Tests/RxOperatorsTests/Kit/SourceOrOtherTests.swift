import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxCore
@testable import RxOperators

/// ``SourceOrOther``: what an operator of a source and one other sequence puts through its
/// serializer keeps which sequence each event came from, and the event itself, in order.
final class SourceOrOtherTests: RxTestCase {
    func testEventsOfEitherSequenceGoThroughASerializerWithWhereTheyCameFrom() {
        let serializer = Serializer<SourceOrOther<Int, String>>()
        var received: [String] = []
        let describe: (SourceOrOther<Int, String>) -> Void = { input in
            switch input {
            case .source(let event): received.append("source \(event)")
            case .other(let event): received.append("other \(event)")
            }
        }
        var nested = false

        serializer.send(.source(.next(1))) { input in
            describe(input)
            guard !nested else { return }
            nested = true
            // Sent from inside the delivery: queued, and delivered after it, in order.
            serializer.send(.other(.next("a")), describe)
            serializer.send(.source(.completed), describe)
            serializer.send(.other(.error(TestError.boom)), describe)
        }

        XCTAssertEqual(received, ["source next(1)", "other next(a)", "source completed", "other error(boom)"])
    }
}
