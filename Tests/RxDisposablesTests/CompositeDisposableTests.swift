import RxDisposables
import RxTestSupport
import Synchronization
import XCTest

final class CompositeDisposableTests: RxTestCase {
    func testInitializersHoldTheirArguments() {
        XCTAssertEqual(CompositeDisposable().count, 0)
        XCTAssertEqual(CompositeDisposable(TestDisposable(), TestDisposable()).count, 2)
        XCTAssertEqual(CompositeDisposable(TestDisposable(), TestDisposable(), TestDisposable()).count, 3)
        XCTAssertEqual(
            CompositeDisposable(TestDisposable(), TestDisposable(), TestDisposable(), TestDisposable()).count, 4)
        XCTAssertEqual(CompositeDisposable(disposables: (0..<5).map { _ in TestDisposable() }).count, 5)
    }

    func testRxSwiftsFourOrMoreInitializerByReferenceHoldsEveryArgument() {
        let make:
            (any Disposable, any Disposable, any Disposable, any Disposable, any Disposable...) ->
                CompositeDisposable = CompositeDisposable.init(_:_:_:_:_:)
        let members = (0..<6).map { _ in TestDisposable() }

        let composite = make(members[0], members[1], members[2], members[3], members[4], members[5])
        composite.dispose()

        XCTAssertEqual(composite.count, 0)
        XCTAssertEqual(members.map(\.disposeCount), [1, 1, 1, 1, 1, 1])
    }

    func testInsertReturnsDistinctKeysAndCounts() {
        let composite = CompositeDisposable()
        let keys = (0..<3).compactMap { _ in composite.insert(TestDisposable()) }

        XCTAssertEqual(keys.count, 3)
        XCTAssertEqual(Set(keys).count, 3)
        XCTAssertEqual(composite.count, 3)
    }

    func testDisposeDisposesMembersInInsertionOrderOnce() {
        let log = DisposeLog()
        let composite = CompositeDisposable(TestDisposable("a", log: log), TestDisposable("b", log: log))
        for name in ["c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"] {
            composite.insert(TestDisposable(name, log: log))
        }

        composite.dispose()
        composite.dispose()
        XCTAssertTrue(composite.isDisposed)
        XCTAssertEqual(composite.count, 0)
        XCTAssertEqual(log.entries, ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"])
    }

    func testDisposeOrderSkipsRemovedMembers() {
        let log = DisposeLog()
        let composite = CompositeDisposable()
        let keys = (0..<5).map { composite.insert(TestDisposable("\($0)", log: log))! }
        composite.remove(for: keys[1])
        composite.remove(for: keys[3])

        composite.dispose()
        XCTAssertEqual(log.entries, ["1", "3", "0", "2", "4"])
    }

    func testRemoveDisposesTheMemberOnceAndForgetsIt() {
        let composite = CompositeDisposable()
        let kept = TestDisposable()
        let removed = TestDisposable()
        composite.insert(kept)
        let key = composite.insert(removed)!

        composite.remove(for: key)
        XCTAssertEqual(removed.disposeCount, 1)
        XCTAssertEqual(kept.disposeCount, 0)
        XCTAssertEqual(composite.count, 1)

        composite.remove(for: key)
        composite.dispose()
        XCTAssertEqual(removed.disposeCount, 1, "a removed member is not disposed again")
        XCTAssertEqual(kept.disposeCount, 1)
    }

    func testRemoveAfterDisposeDoesNothing() {
        let composite = CompositeDisposable()
        let member = TestDisposable()
        let key = composite.insert(member)!
        composite.dispose()
        composite.remove(for: key)
        XCTAssertEqual(member.disposeCount, 1)
    }

    func testInsertAfterDisposeDisposesAtOnceAndReturnsNil() {
        let composite = CompositeDisposable()
        composite.dispose()
        let late = TestDisposable()

        XCTAssertNil(composite.insert(late))
        XCTAssertEqual(late.disposeCount, 1)
        XCTAssertEqual(composite.count, 0)
    }

    func testReleasesMembersWhenDisposedOrRemoved() {
        var removedToken: Token? = Token()
        var keptToken: Token? = Token()
        weak let weakRemoved = removedToken
        weak let weakKept = keptToken
        let composite = CompositeDisposable()
        let key = composite.insert(Disposables.create { [removedToken] in _ = removedToken })!
        composite.insert(Disposables.create { [keptToken] in _ = keptToken })
        removedToken = nil
        keptToken = nil

        composite.remove(for: key)
        XCTAssertNil(weakRemoved)
        XCTAssertNotNil(weakKept)
        composite.dispose()
        XCTAssertNil(weakKept)
    }

    func testConcurrentInsertsAndRemovesAddUp() {
        let composite = CompositeDisposable()
        let threads = 8
        let perThread = 200
        let members = (0..<threads * perThread).map { _ in TestDisposable() }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for offset in 0..<perThread {
                let index = thread * perThread + offset
                let key = composite.insert(members[index])!
                if index.isMultiple(of: 2) {
                    composite.remove(for: key)
                }
            }
        }

        XCTAssertEqual(composite.count, members.count / 2)
        XCTAssertEqual(members.filter { $0.disposeCount == 1 }.count, members.count / 2)
        composite.dispose()
        XCTAssertEqual(members.map(\.disposeCount), Array(repeating: 1, count: members.count))
        XCTAssertEqual(composite.count, 0)
    }

    func testInsertsRacingDisposeDisposeEveryMemberExactlyOnce() {
        for _ in 0..<50 {
            let composite = CompositeDisposable()
            let threads = 4
            let perThread = 50
            let members = (0..<threads * perThread).map { _ in TestDisposable() }
            let rejected = Atomic<Int>(0)
            let rejectedButAlive = Atomic<Int>(0)
            let keys = RxMutex<[CompositeDisposable.DisposeKey]>([])
            DispatchQueue.concurrentPerform(iterations: threads + 1) { thread in
                if thread == threads {
                    composite.dispose()
                    return
                }
                for offset in 0..<perThread {
                    let member = members[thread * perThread + offset]
                    if let key = composite.insert(member) {
                        keys.withLock { $0.append(key) }
                    } else {
                        rejected.add(1, ordering: .relaxed)
                        if member.disposeCount != 1 { rejectedButAlive.add(1, ordering: .relaxed) }
                    }
                }
            }
            for key in keys.withLock({ $0 }) {
                composite.remove(for: key)
            }

            XCTAssertEqual(rejectedButAlive.load(ordering: .relaxed), 0, "a rejected member is disposed at once")
            XCTAssertEqual(keys.withLock(\.count) + rejected.load(ordering: .relaxed), members.count)
            XCTAssertEqual(members.map(\.disposeCount), Array(repeating: 1, count: members.count))
            XCTAssertEqual(composite.count, 0)
        }
    }
}
