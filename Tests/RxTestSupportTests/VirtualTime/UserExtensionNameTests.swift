import RxTestSupport
import XCTest

// Globals with the plain names a test suite written for RxTest uses. The extensions below must
// mean these: a public member of the same name on the RxTest-named types would shadow them (a
// compile error in an escaping closure, a silent change of meaning outside one).
private let resolution = 0.25
private let simulateProcessingDelay = "the global simulateProcessingDelay"
private let ticksPerFrame = 3
private let events = ["the global events"]
private let scheduler = "the global scheduler"
private func subscriptions(_ diagram: String) -> String { "the global subscriptions(\(diagram))" }
private func diagram(of text: String) -> String { "the global diagram(of: \(text))" }

extension TestScheduler {
    fileprivate func namesSeenInAnExtension() -> [String] {
        // An escaping closure: a member `resolution` would need `self.` here and fail to compile.
        let inClosure: () -> Double = { resolution }
        return [
            "\(inClosure())", "\(resolution)", simulateProcessingDelay, "\(ticksPerFrame)", events[0],
            subscriptions("^--!"), diagram(of: "x"),
        ]
    }
}

extension TestableObserver {
    // A helper many RxTest suites declare; a public `elements` of the library's would make every
    // use of it ambiguous.
    fileprivate var elements: [Element] {
        events.compactMap { $0.value.element }
    }

    fileprivate func schedulerSeenInAnExtension() -> String {
        let inClosure: () -> String = { scheduler }
        return inClosure()
    }
}

extension TestableObservable {
    fileprivate func schedulerSeenInAnExtension() -> String {
        let inClosure: () -> String = { scheduler }
        return inClosure()
    }
}

/// The RxTest-named types add no public member of a plain name that RxTest's do not have, so a
/// user's extension of them compiles as it did against RxTest and means what it meant.
final class UserExtensionNameTests: RxTestCase {
    func testAnExtensionOfTestSchedulerMeansTheUsersGlobals() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)

        XCTAssertEqual(
            scheduler.namesSeenInAnExtension(),
            [
                "0.25", "0.25", "the global simulateProcessingDelay", "3", "the global events",
                "the global subscriptions(^--!)", "the global diagram(of: x)",
            ])
    }

    func testExtensionsOfTheTestableTypesMeanTheUsersGlobalsAndTheirOwnMembers() {
        let testScheduler = TestScheduler(initialClock: 0)
        let xs = testScheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])

        let observer = testScheduler.start { xs }

        XCTAssertEqual(observer.elements, [1, 2])
        XCTAssertEqual(observer.schedulerSeenInAnExtension(), "the global scheduler")
        XCTAssertEqual(xs.schedulerSeenInAnExtension(), "the global scheduler")
    }
}
