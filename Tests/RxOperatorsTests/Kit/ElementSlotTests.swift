import RxTestSupport
import XCTest

@testable import RxOperators

/// ``ElementSlot``'s own invariants, checked directly with elements that count their deinits:
/// what it holds after each member, that a replaced or taken element lives exactly as long as the
/// caller keeps it (never dying inside the slot), and that the slot releases what it holds once,
/// and nothing it gave away.
final class ElementSlotTests: RxTestCase {
    /// Records each instance's deinit by name, so that a release dropped or done twice shows.
    private final class Released {
        var names: [String] = []
    }

    private final class Tracked {
        let name: String
        let released: Released
        init(_ name: String, _ released: Released) {
            self.name = name
            self.released = released
        }
        deinit { released.names.append(name) }
    }

    func testAnEmptySlotHoldsNothingAndReleasesNothing() {
        let slot = ElementSlot<Tracked>()
        XCTAssertFalse(slot.hasElement)
    }

    func testStoreFillsTheSlotAndTheSlotReleasesItsElementOnceWhenItGoes() {
        let released = Released()
        do {
            var slot = ElementSlot<Tracked>()
            slot.store(Tracked("a", released))
            XCTAssertTrue(slot.hasElement)
            XCTAssertEqual(slot.element.name, "a")
            XCTAssertEqual(released.names, [])
        }
        XCTAssertEqual(released.names, ["a"])
    }

    func testElementIsACopyThatOutlivesItsReplacement() {
        let released = Released()
        var slot = ElementSlot<Tracked>()
        slot.store(Tracked("a", released))
        do {
            let read = slot.element
            _ = slot.replace(with: Tracked("b", released))
            // The copy read before keeps "a" alive after the slot let go of it.
            XCTAssertEqual(read.name, "a")
            XCTAssertEqual(released.names, [])
        }
        XCTAssertEqual(released.names, ["a"])
        XCTAssertEqual(slot.element.name, "b")
    }

    func testReplaceHandsTheReplacedElementBackAliveAndKeepsTheNewOne() {
        let released = Released()
        var slot = ElementSlot<Tracked>()
        slot.store(Tracked("a", released))
        do {
            let replaced = slot.replace(with: Tracked("b", released))
            // Not released inside `replace`: the caller holds it.
            XCTAssertEqual(released.names, [])
            XCTAssertEqual(replaced.name, "a")
            XCTAssertEqual(slot.element.name, "b")
        }
        XCTAssertEqual(released.names, ["a"])
        _ = slot.replace(with: Tracked("c", released))
        XCTAssertEqual(released.names, ["a", "b"])
        XCTAssertEqual(slot.element.name, "c")
    }

    func testExchangeIntoAnEmptySlotKeepsTheCallersValueAndReportsNoReplacement() {
        let released = Released()
        var slot = ElementSlot<Tracked>()
        do {
            var element = Tracked("a", released)
            XCTAssertFalse(slot.exchange(&element))
            XCTAssertEqual(element.name, "a")
            XCTAssertTrue(slot.hasElement)
        }
        // The slot still holds "a": the caller's copy going released nothing.
        XCTAssertEqual(released.names, [])
        XCTAssertEqual(slot.element.name, "a")
    }

    func testExchangeIntoAFullSlotHandsTheReplacedElementToTheCallersVariable() {
        let released = Released()
        var slot = ElementSlot<Tracked>()
        slot.store(Tracked("a", released))
        do {
            var element = Tracked("b", released)
            XCTAssertTrue(slot.exchange(&element))
            XCTAssertEqual(element.name, "a")
            XCTAssertEqual(slot.element.name, "b")
            XCTAssertEqual(released.names, [])
        }
        XCTAssertEqual(released.names, ["a"])
    }

    func testTakeEmptiesTheSlotAndTheSlotDoesNotReleaseWhatItGaveAway() {
        let released = Released()
        var taken: Tracked?
        do {
            var slot = ElementSlot<Tracked>()
            slot.store(Tracked("a", released))
            taken = slot.take()
            XCTAssertFalse(slot.hasElement)
            XCTAssertEqual(released.names, [])
        }
        // The slot went without releasing "a" a second time: only the taken reference keeps it.
        XCTAssertEqual(released.names, [])
        XCTAssertEqual(taken?.name, "a")
        taken = nil
        XCTAssertEqual(released.names, ["a"])
    }

    func testASlotEmptiedAndFilledAgainReleasesEachElementExactlyOnce() {
        let released = Released()
        do {
            var slot = ElementSlot<Tracked>()
            for round in 0..<3 {
                slot.store(Tracked("stored \(round)", released))
                _ = slot.replace(with: Tracked("replacing \(round)", released))
                var element = Tracked("exchanged \(round)", released)
                slot.exchange(&element)
                _ = slot.take()
            }
            slot.store(Tracked("last", released))
        }
        let expected =
            (0..<3).flatMap { ["stored \($0)", "replacing \($0)", "exchanged \($0)"] } + ["last"]
        XCTAssertEqual(released.names.sorted(), expected.sorted())
        XCTAssertEqual(released.names.count, Set(released.names).count)
    }
}
