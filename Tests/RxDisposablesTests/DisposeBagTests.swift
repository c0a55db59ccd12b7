import RxDisposables
import RxTestSupport
import XCTest

final class DisposeBagTests: RxTestCase {
    func testReleasingTheBagDisposesMembersInInsertionOrderOnce() {
        let log = DisposeLog()
        var bag: DisposeBag? = DisposeBag()
        bag?.insert(TestDisposable("1", log: log))
        bag?.insert(TestDisposable("2", log: log), TestDisposable("3", log: log))
        bag?.insert([TestDisposable("4", log: log)])
        TestDisposable("5", log: log).disposed(by: bag!)

        XCTAssertEqual(log.entries, [])
        bag = nil
        XCTAssertEqual(log.entries, ["1", "2", "3", "4", "5"])
    }

    func testInitializersHoldTheirArguments() {
        let log = DisposeLog()
        var variadic: DisposeBag? = DisposeBag(disposing: TestDisposable("a", log: log), TestDisposable("b", log: log))
        var array: DisposeBag? = DisposeBag(disposing: [TestDisposable("c", log: log)])
        variadic = nil
        array = nil

        XCTAssertNil(variadic)
        XCTAssertNil(array)
        XCTAssertEqual(log.entries, ["a", "b", "c"])
    }

    func testDisposableBuilderListsDisposables() {
        let log = DisposeLog()
        var bag: DisposeBag? = DisposeBag {
            TestDisposable("1", log: log)
            TestDisposable("2", log: log)
        }
        bag?.insert {
            TestDisposable("3", log: log)
            TestDisposable("4", log: log)
        }

        XCTAssertEqual(log.entries, [])
        bag = nil
        XCTAssertEqual(log.entries, ["1", "2", "3", "4"])
    }

    func testReplacingTheBagDisposesTheOldOnesMembers() {
        let member = TestDisposable()
        var bag = DisposeBag()
        member.disposed(by: bag)

        bag = DisposeBag()
        XCTAssertEqual(member.disposeCount, 1)
        withExtendedLifetime(bag) {}
    }

    func testInsertWhileTheBagIsBeingReleasedDisposesAtOnce() {
        let late = TestDisposable()
        var bag: DisposeBag? = DisposeBag()
        // A member disposed from the bag's deinit adds to the same bag: that path must not lose
        // the new member. The reference cannot be strong or weak while deinit runs.
        unowned(unsafe) let dyingBag = bag!
        bag?.insert(Disposables.create { dyingBag.insert(late) })

        bag = nil
        XCTAssertEqual(late.disposeCount, 1)
    }

    func testReleasesMembersWithTheBag() {
        var token: Token? = Token()
        weak let weakToken = token
        var bag: DisposeBag? = DisposeBag()
        Disposables.create { [token] in _ = token }.disposed(by: bag!)
        token = nil

        XCTAssertNotNil(weakToken)
        bag = nil
        XCTAssertNil(weakToken)
    }

    func testConcurrentInsertsAreAllDisposedExactlyOnce() {
        let members = (0..<1_600).map { _ in TestDisposable() }
        do {
            let bag = DisposeBag()
            DispatchQueue.concurrentPerform(iterations: 8) { chunk in
                for index in stride(from: chunk, to: members.count, by: 8) {
                    members[index].disposed(by: bag)
                }
            }
            withExtendedLifetime(bag) {
                XCTAssertEqual(members.filter { $0.disposeCount > 0 }.count, 0)
            }
        }
        XCTAssertEqual(members.map(\.disposeCount), Array(repeating: 1, count: members.count))
    }
}
