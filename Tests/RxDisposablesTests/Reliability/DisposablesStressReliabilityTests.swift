import Dispatch
import RxCore
import RxDisposables
import RxTestSupport
import XCTest

/// Races the existing tests leave out: a subscription disposer hit by many threads while its
/// sink disposes it back, removal racing disposal, retain racing disposal, and a bag released
/// on one thread while other threads dispose its members. Every member must be disposed
/// exactly once.
final class DisposablesStressReliabilityTests: RxTestCase {
    func testASinkDisposerHitByManyThreadsWhileItsSinkDisposesItBackDisposesEachOnce() {
        for round in 0..<200 {
            let disposer = SinkDisposer()
            let sink = TestDisposable()
            let subscription = TestDisposable()
            // A sink disposes its subscription's disposer from its own dispose, as Sink does.
            let reentrantSink = Disposables.create {
                sink.dispose()
                disposer.dispose()
            }
            let setter = UncheckedSendable(reentrantSink)
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                if thread == 3 {
                    disposer.setSinkAndSubscription(sink: setter.value, subscription: subscription)
                } else {
                    disposer.dispose()
                }
            }
            XCTAssertTrue(disposer.isDisposed, "round \(round)")
            XCTAssertEqual(sink.disposeCount, 1, "round \(round)")
            XCTAssertEqual(subscription.disposeCount, 1, "round \(round)")
        }
    }

    func testRemovalsRacingDisposeDisposeEveryMemberOnce() {
        for round in 0..<50 {
            let composite = CompositeDisposable()
            let members = (0..<64).map { _ in TestDisposable() }
            let keys = members.map { composite.insert($0)! }
            DispatchQueue.concurrentPerform(iterations: 5) { thread in
                if thread == 4 {
                    composite.dispose()
                    return
                }
                for index in stride(from: thread, to: keys.count, by: 4) {
                    composite.remove(for: keys[index])
                    composite.remove(for: keys[index])
                }
            }
            XCTAssertEqual(members.map(\.disposeCount), Array(repeating: 1, count: members.count), "round \(round)")
            XCTAssertEqual(composite.count, 0, "round \(round)")
            XCTAssertTrue(composite.isDisposed, "round \(round)")
        }
    }

    func testRetainsRacingTheOwnersDisposeDisposeTheUnderlyingOnceAfterTheLastHandle() {
        for round in 0..<100 {
            let underlying = TestDisposable()
            let refCount = RefCountDisposable(disposable: underlying)
            let handles = RxMutex<[UncheckedSendable<any Disposable>]>([])
            DispatchQueue.concurrentPerform(iterations: 5) { thread in
                if thread == 4 {
                    refCount.dispose()
                    return
                }
                for _ in 0..<10 {
                    let handle = UncheckedSendable(refCount.retain())
                    handles.withLock { $0.append(handle) }
                }
            }
            let all = handles.withLock { $0 }
            XCTAssertEqual(all.count, 40, "round \(round)")
            XCTAssertLessThanOrEqual(underlying.disposeCount, 1, "round \(round)")
            for handle in all {
                handle.value.dispose()
                handle.value.dispose()
            }
            XCTAssertEqual(underlying.disposeCount, 1, "round \(round)")
            XCTAssertTrue(refCount.isDisposed, "round \(round)")
        }
    }

    func testABagReleasedOnAnotherThreadWhileOthersDisposeItsMembersDisposesEachOnce() {
        for round in 0..<100 {
            let actions = (0..<16).map { _ in TestDisposable() }
            let members = actions.map { action in Disposables.create { action.dispose() } }
            let bag = Handoff(DisposeBag(disposing: members))
            let direct = UncheckedSendable(members)
            DispatchQueue.concurrentPerform(iterations: 3) { thread in
                if thread == 0 {
                    bag.value = nil
                } else {
                    for member in direct.value.reversed() {
                        member.dispose()
                    }
                }
            }
            XCTAssertNil(bag.value)
            XCTAssertEqual(actions.map(\.disposeCount), Array(repeating: 1, count: actions.count), "round \(round)")
            XCTAssertTrue(members.allSatisfy(\.isDisposed), "round \(round)")
        }
    }
}
