import RxTestSupport
import XCTest

@testable import RxOperators

/// `distinctUntilChanged`'s one-slot store, checked directly: nothing kept at first, the latest
/// value kept, the value it replaces released at once, and the kept value released with it.
final class LastValueTests: RxTestCase {
    private final class Tracked {
        let onDeinit: () -> Void
        init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    func testNothingIsKeptUntilTheFirstValue() {
        let last = LastValue<Int>()
        XCTAssertFalse(last.isKept)
    }

    func testTheLatestValueIsKept() {
        var last = LastValue<Int>()
        last.keep(1)
        XCTAssertTrue(last.isKept)
        XCTAssertEqual(last.value, 1)
        last.keep(2)
        XCTAssertEqual(last.value, 2)
    }

    func testTheReplacedValueIsReleasedAtOnceAndTheKeptOneWithTheStore() {
        var released: [String] = []
        do {
            var last = LastValue<Tracked>()
            last.keep(Tracked { released.append("first") })
            XCTAssertEqual(released, [])
            last.keep(Tracked { released.append("second") })
            XCTAssertEqual(released, ["first"])
        }
        XCTAssertEqual(released, ["first", "second"])
    }
}
