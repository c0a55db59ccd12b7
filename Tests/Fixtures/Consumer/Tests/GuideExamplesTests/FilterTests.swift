import RxOperators
import RxTestSupport
import Testing

@Suite(.leakChecked)
struct FilterTests {
    @Test func keepsEvenNumbers() throws {
        let scheduler = TestScheduler(initialClock: 0)
        // The digits of a diagram of integers stand for their value.
        let xs: TestableObservable<Int> = try scheduler.createColdObservable("-1-2-3-4-|")

        let res = scheduler.start { xs.filter { $0 % 2 == 0 } }

        assertMarbles(res, "---2---4-|")
        #expect(res.events == [.next(230, 2), .next(270, 4), .completed(290)])
        assertSubscriptions(xs, "^--------!")
    }

    @Test(arguments: [1, 2, 3]) func takesTheFirstElements(count: Int) throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a-b-c-|")

        let res = scheduler.start { xs.take(count) }

        let expected = ["-(a|)", "-a-(b|)", "-a-b-(c|)"][count - 1]
        assertMarbles(res, expected)
    }
}
