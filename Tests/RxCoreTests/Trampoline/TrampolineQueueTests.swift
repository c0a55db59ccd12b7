import Dispatch
import Foundation
import RxDisposables
import RxTestSupport
import XCTest

@testable import RxCore

/// The trampoline's queue and its actions checked directly, against the invariants written
/// beside them: each payload, whatever its size, runs once or is released once; a spare action
/// reused for another payload keeps nothing of the last; the spares and the buffer stay bounded;
/// each thread has its own queue, released with the thread.
final class TrampolineQueueTests: RxTestCase {
    /// Runs `body` as the first action of this thread's trampoline, then drains what it queued.
    private func onTheTrampoline(_ body: (TrampolineQueue) -> Void) {
        let queue = TrampolineQueue.forCurrentThread
        XCTAssertFalse(queue.isRunning)
        queue.runAsFirstAction { body(queue) }
        XCTAssertFalse(queue.isRunning)
        XCTAssertFalse(queue.hasQueuedWork)
    }

    /// Queues `action` on `state` as `CurrentThreadScheduler.schedule` does, and returns its handle.
    private func enqueue<State>(
        _ state: State, on queue: TrampolineQueue, _ action: @escaping (State) -> any Disposable
    ) -> TrampolineAction.Handle {
        let item = TrampolineAction.holding(state, action, reusing: queue.takeSpareAction())
        queue.enqueue(item)
        return TrampolineAction.Handle(item)
    }

    func testPayloadsOfEverySizeRunOnceWithTheirState() {
        let log = CallLog()
        // No state; a word; three words (the most that sits in the action with the action's
        // closure); five words and a string (too large: they go through a closure context).
        onTheTrampoline { queue in
            _ = enqueue((), on: queue) { _ in
                log.append("empty")
                return Disposables.create()
            }
            _ = enqueue(7, on: queue) { value in
                log.append("word \(value)")
                return Disposables.create()
            }
            _ = enqueue((1, "two", Token()), on: queue) { state in
                log.append("three words \(state.0) \(state.1)")
                return Disposables.create()
            }
            _ = enqueue((1, 2, 3, 4, 5), on: queue) { state in
                log.append("five words \(state.0 + state.1 + state.2 + state.3 + state.4)")
                return Disposables.create()
            }
            _ = enqueue(String(repeating: "x", count: 100), on: queue) { state in
                log.append("string \(state.count)")
                return Disposables.create()
            }
        }

        XCTAssertEqual(
            log.entries, ["empty", "word 7", "three words 1 two", "five words 15", "string 100"])
    }

    func testEveryPayloadIsReleasedOnceWhetherRunOrDisposed() {
        weak var ranSmall: Token?
        weak var ranLarge: Token?
        weak var disposedSmall: Token?
        weak var disposedLarge: Token?
        onTheTrampoline { queue in
            do {
                let small = Token()
                let large = Token()
                ranSmall = small
                ranLarge = large
                _ = enqueue(small, on: queue) { _ in Disposables.create() }
                _ = enqueue((large, 1, 2, 3, 4), on: queue) { _ in Disposables.create() }
            }
            do {
                let small = Token()
                let large = Token()
                disposedSmall = small
                disposedLarge = large
                enqueue(small, on: queue) { _ in Disposables.create() }.dispose()
                enqueue((large, 1, 2, 3, 4), on: queue) { _ in Disposables.create() }.dispose()
            }
            // Disposed before their turn: released at once, not when the queue reaches them.
            XCTAssertNil(disposedSmall)
            XCTAssertNil(disposedLarge)
            XCTAssertNotNil(ranSmall)
            XCTAssertNotNil(ranLarge)
        }

        XCTAssertNil(ranSmall)
        XCTAssertNil(ranLarge)
    }

    func testAReusedActionKeepsNothingOfItsLastPayload() {
        var firstAction: ObjectIdentifier?
        var secondAction: ObjectIdentifier?
        weak var firstState: Token?
        let log = CallLog()
        onTheTrampoline { queue in
            do {
                let state = Token()
                firstState = state
                let handle = enqueue(state, on: queue) { _ in
                    log.append("first")
                    return Disposables.create()
                }
                firstAction = ObjectIdentifier(handle.action)
            }
            // Queued after the first, so it runs after the first was emptied and kept as a spare.
            _ = enqueue((), on: queue) { [queue] _ in
                XCTAssertNil(firstState, "the spare still held the state of the action it ran")
                let handle = self.enqueue("second", on: queue) { state in
                    log.append(state)
                    return Disposables.create()
                }
                secondAction = ObjectIdentifier(handle.action)
                return Disposables.create()
            }
        }

        XCTAssertEqual(log.entries, ["first", "second"])
        XCTAssertEqual(firstAction, secondAction, "the action was not reused")
    }

    func testAnActionStillReferredToIsNotReused() {
        var kept: TrampolineAction.Handle?
        let produced = BooleanDisposable()
        onTheTrampoline { queue in
            kept = enqueue((), on: queue) { _ in produced }
        }
        var spares: [TrampolineAction] = []
        while let spare = TrampolineQueue.forCurrentThread.takeSpareAction() {
            spares.append(spare)
        }
        XCTAssertFalse(spares.contains { $0 === kept?.action }, "an action still referred to was kept as a spare")

        // Its disposable still answers for its own action: disposing it disposes what it returned.
        XCTAssertFalse(kept?.isDisposed ?? true)
        kept?.dispose()
        XCTAssertTrue(produced.isDisposed)
        XCTAssertTrue(kept?.isDisposed ?? false)
    }

    func testTheSparesAreBounded() {
        onTheTrampoline { queue in
            for _ in 0..<100 {
                _ = enqueue((), on: queue) { _ in Disposables.create() }
            }
        }

        let queue = TrampolineQueue.forCurrentThread
        var spares: [TrampolineAction] = []
        while let spare = queue.takeSpareAction() {
            spares.append(spare)
        }
        XCTAssertGreaterThan(spares.count, 0)
        XCTAssertLessThanOrEqual(spares.count, 16)
        // Spares are empty and disposed until they are filled again.
        XCTAssertTrue(spares.allSatisfy(\.isDisposed))
    }

    func testTheBufferGoesBackToItsFirstSizeAfterALongBurst() {
        let log = CallLog()
        onTheTrampoline { queue in
            for index in 0..<5000 {
                _ = enqueue(index, on: queue) { index in
                    if index == 4999 {
                        log.append("last")
                    }
                    return Disposables.create()
                }
            }
            XCTAssertGreaterThanOrEqual(queue.queuedCapacity, 5000)
        }

        XCTAssertEqual(log.entries, ["last"])
        XCTAssertEqual(TrampolineQueue.forCurrentThread.queuedCapacity, 16)
    }

    func testActionsDisposedFromAnotherThreadWhileQueuedRunAtMostOnce() {
        for round in 0..<10 {
            let count = 300
            let ran = (0..<count).map { _ in CallLog() }
            let produced = (0..<count).map { _ in BooleanDisposable() }
            let disposedAll = expectation(description: "disposed, round \(round)")
            onTheTrampoline { queue in
                var handles: [TrampolineAction.Handle] = []
                for index in 0..<count {
                    handles.append(
                        enqueue(index, on: queue) { index in
                            ran[index].append("ran")
                            return produced[index]
                        })
                }
                let shared = UncheckedSendable(handles)
                DispatchQueue.global().async {
                    for handle in shared.value.reversed() {
                        handle.dispose()
                    }
                    disposedAll.fulfill()
                }
            }
            wait(for: [disposedAll], timeout: 5)

            for index in 0..<count {
                XCTAssertLessThanOrEqual(ran[index].entries.count, 1, "action \(index), round \(round)")
                XCTAssertEqual(
                    produced[index].isDisposed, ran[index].entries.count == 1, "action \(index), round \(round)")
            }
        }
    }

    func testEachThreadHasItsOwnQueueReleasedWithTheThread() {
        let here = ObjectIdentifier(TrampolineQueue.forCurrentThread)
        let seen = RxMutex<(isOther: Bool, isKept: Bool)>((false, false))
        let released = WeakQueue()
        let thread = Thread {
            XCTAssertNil(TrampolineQueue.existingForCurrentThread)
            let queue = TrampolineQueue.forCurrentThread
            released.queue = queue
            seen.withLock { $0 = (ObjectIdentifier(queue) != here, queue === TrampolineQueue.existingForCurrentThread) }
        }
        thread.start()

        // The thread's slot releases its queue as the thread ends, after its body has returned.
        // The weak reference is read only once the lock shows it was written.
        let deadline = DispatchTime.now() + 5
        while DispatchTime.now() < deadline {
            if seen.withLock({ $0.isOther }), released.queue == nil {
                break
            }
            usleep(1000)
        }
        XCTAssertEqual(seen.withLock { $0.isOther }, true)
        XCTAssertEqual(seen.withLock { $0.isKept }, true)
        XCTAssertNil(released.queue, "the queue outlived its thread")
    }
}

/// Watches a thread's queue from another thread without keeping it.
private final class WeakQueue: @unchecked Sendable {
    // Written once on the watched thread, before it takes the test's lock; read by the test only
    // after that lock shows the write.
    weak var queue: TrampolineQueue?
}
