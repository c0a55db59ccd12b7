import Dispatch
import RxCore
import RxDiagrams
import RxOperators
import RxTestSupport

/// Docs/Debugging.md's failing test: a marble test of `debounce` whose author counted the pause
/// from the first keystroke of each burst instead of the last, and the picture its failure draws.
public enum FailingTestPicture {
    /// The typing the test feeds `debounce(.seconds(30))`.
    public static let typed = "-a-b------c-d-e----|"
    /// What the test expects, wrongly.
    public static let expected = "----b--------e-----|"

    /// The picture `assertMarbles` draws for the test, with the heading it would have in a test
    /// file `SearchTests/DebounceTests.swift`, line 27.
    public static func difference() -> MarbleDifference? {
        let scheduler = TestScheduler(initialClock: 0)
        guard let keys = try? scheduler.createHotObservable(typed) else { return nil }
        let observer = scheduler.start { keys.debounce(.seconds(30), scheduler: scheduler) }
        var difference = scheduler.marbleDifference(observer.events, expected)
        difference?.title = "assertMarbles failed at SearchTests/DebounceTests.swift:27"
        return difference
    }
}
