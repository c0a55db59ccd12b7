import RxDiagrams
import RxTestSupport
import XCTest

/// The gallery's renderer on a diagram written by hand.
final class MarbleSVGTests: RxTestCase {
    func testAnErrorWithoutTextIsNotSpelledOut() {
        let diagram = MarbleDiagram(
            call: "map { $0 }",
            lines: [
                .init(kind: .input, label: "source", start: 200, events: [.init(time: 210, value: .error(nil))]),
                .init(kind: .output, label: "output", start: 200, events: [.init(time: 210, value: .error("boom"))]),
            ])
        let svg = MarbleSVG.draw(diagram)
        XCTAssertTrue(
            svg.contains("source: fails at frame 1. map { $0 } sends: fails with &quot;boom&quot; at frame 1."), svg)
    }
}
