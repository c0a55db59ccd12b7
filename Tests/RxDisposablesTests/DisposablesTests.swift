import RxCore
import RxDisposables
import RxTestSupport
import Synchronization
import XCTest

final class DisposablesTests: RxTestCase {
    func testCreateWithNoArgumentsDoesNothingAndCanBeDisposedRepeatedly() {
        let disposable = Disposables.create()
        disposable.dispose()
        disposable.dispose()
        XCTAssertFalse(disposable is any Cancelable, "the no-op disposable has no state to report")
    }

    func testCreateWithActionRunsItOnceOnFirstDispose() {
        let calls = Atomic<Int>(0)
        let disposable = Disposables.create { calls.add(1, ordering: .relaxed) }

        XCTAssertFalse(disposable.isDisposed)
        XCTAssertEqual(calls.load(ordering: .relaxed), 0)
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(calls.load(ordering: .relaxed), 1)
        disposable.dispose()
        XCTAssertEqual(calls.load(ordering: .relaxed), 1)
    }

    func testCreateWithActionReleasesTheClosureWhenDisposed() {
        var token: Token? = Token()
        weak let weakToken = token
        let disposable = Disposables.create { [token] in _ = token }
        token = nil

        XCTAssertNotNil(weakToken, "the closure keeps what it captured until disposal")
        disposable.dispose()
        XCTAssertNil(weakToken)
    }

    func testCreateWithActionThatDisposesItselfRunsOnce() {
        var calls = 0
        var holder: (any Disposable)?
        let disposable = Disposables.create {
            calls += 1
            holder?.dispose()
        }
        holder = disposable

        disposable.dispose()
        XCTAssertEqual(calls, 1)
        holder = nil
    }

    func testCreateWithTwoDisposesBothInOrderOnce() {
        let log = DisposeLog()
        let first = TestDisposable("1", log: log)
        let second = TestDisposable("2", log: log)
        let disposable = Disposables.create(first, second)

        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(log.entries, ["1", "2"])
    }

    func testCreateWithThreeDisposesAllInOrderOnce() {
        let log = DisposeLog()
        let disposable = Disposables.create(
            TestDisposable("1", log: log), TestDisposable("2", log: log), TestDisposable("3", log: log))

        disposable.dispose()
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(log.entries, ["1", "2", "3"])
    }

    func testCreateWithManyArgumentsDisposesAllInOrderOnce() {
        let log = DisposeLog()
        let disposable = Disposables.create(
            TestDisposable("1", log: log), TestDisposable("2", log: log), TestDisposable("3", log: log),
            TestDisposable("4", log: log), TestDisposable("5", log: log))

        disposable.dispose()
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(log.entries, ["1", "2", "3", "4", "5"])
    }

    func testCreateWithArrayOfAnySizeDisposesAllInOrderOnce() {
        for size in 0...6 {
            let log = DisposeLog()
            let members = (0..<size).map { TestDisposable("\($0)", log: log) }
            let disposable = Disposables.create(members)

            XCTAssertFalse(disposable.isDisposed, "size \(size)")
            disposable.dispose()
            disposable.dispose()
            XCTAssertTrue(disposable.isDisposed, "size \(size)")
            XCTAssertEqual(log.entries, (0..<size).map { "\($0)" }, "size \(size)")
        }
    }

    func testGroupsReleaseTheirMembersWhenDisposed() {
        for size in 2...4 {
            var token: Token? = Token()
            weak let weakToken = token
            var members: [any Disposable] = (1..<size).map { _ in TestDisposable() }
            members.append(Disposables.create { [token] in _ = token })
            token = nil
            let disposable: any Cancelable =
                switch size {
                case 2: Disposables.create(members[0], members[1])
                case 3: Disposables.create(members[0], members[1], members[2])
                default: Disposables.create(members[0], members[1], members[2], members[3])
                }
            members = []

            XCTAssertNotNil(weakToken, "size \(size)")
            disposable.dispose()
            XCTAssertNil(weakToken, "size \(size)")
        }
    }

    func testConcurrentDisposeOfGroupDisposesEachMemberOnce() {
        for _ in 0..<100 {
            let members = (0..<4).map { _ in TestDisposable() }
            let actionCalls = Atomic<Int>(0)
            let pair = UncheckedSendable(Disposables.create(members[0], members[1]))
            let many = UncheckedSendable(
                Disposables.create(
                    members[2], members[3], Disposables.create { actionCalls.add(1, ordering: .relaxed) }))
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                pair.value.dispose()
                many.value.dispose()
            }
            XCTAssertEqual(members.map(\.disposeCount), [1, 1, 1, 1])
            XCTAssertEqual(actionCalls.load(ordering: .relaxed), 1)
        }
    }
}
