import RxCore
import RxTestSupport
import XCTest

final class RxErrorTests: RxTestCase {
    func testEveryCaseDescribesItselfAsRxSwiftDoes() {
        XCTAssertEqual(RxError.unknown.debugDescription, "Unknown error occurred.")
        XCTAssertEqual(RxError.overflow.debugDescription, "Arithmetic overflow occurred.")
        XCTAssertEqual(RxError.argumentOutOfRange.debugDescription, "Argument out of range.")
        XCTAssertEqual(RxError.noElements.debugDescription, "Sequence doesn't contain any elements.")
        XCTAssertEqual(RxError.moreThanOneElement.debugDescription, "Sequence contains more than one element.")
        XCTAssertEqual(RxError.timeout.debugDescription, "Sequence timeout.")
        XCTAssertTrue(RxError.disposed(object: Token()).debugDescription.hasPrefix("Object `"))
        XCTAssertTrue(RxError.disposed(object: Token()).debugDescription.hasSuffix("` was already disposed."))
    }
}
