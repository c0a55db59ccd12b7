import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

/// Inner sequences of `merge`, `flatMap` and `flatMapLatest` sending from many threads at once. Each round checks
/// that the subscriber is never entered twice at once, that every source's elements arrive in
/// the order it sent them, and that nothing follows the terminal event. Run under
/// `swift test --sanitize=thread`.
final class MergeStressReliabilityTests: RxTestCase {
    private let rounds = 20
    private let threads = 8
    private let perThread = 1_000

    // @unchecked Sendable: `events` is touched only under `lock`; the rest is atomic.
    /// What the subscriber saw, recorded without assuming it is called serially.
    private final class Recording: @unchecked Sendable {
        let inFlight = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let afterTerminal = Atomic<Int>(0)
        let terminals = Atomic<Int>(0)
        let count = Atomic<Int>(0)
        private let lock = NSLock()
        private var events: [Int] = []

        func record(_ value: Int) {
            if inFlight.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue != 0 {
                overlaps.wrappingAdd(1, ordering: .relaxed)
            }
            if terminals.load(ordering: .sequentiallyConsistent) != 0 {
                afterTerminal.wrappingAdd(1, ordering: .relaxed)
            }
            lock.withLock { events.append(value) }
            count.wrappingAdd(1, ordering: .relaxed)
            inFlight.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        }

        func recordTerminal() {
            if inFlight.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue != 0 {
                overlaps.wrappingAdd(1, ordering: .relaxed)
            }
            terminals.wrappingAdd(1, ordering: .sequentiallyConsistent)
            inFlight.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        }

        var received: [Int] { lock.withLock { events } }
    }

    // @unchecked Sendable: `observer` is set before `ready` is signalled and read after it, or
    // cleared once the senders are done.
    /// A source whose events a test sends from a thread of its own, once subscribed.
    private final class ThreadSource: @unchecked Sendable {
        var observer: AnyObserver<Int>?
        let ready = DispatchSemaphore(value: 0)

        lazy var observable = Observable<Int>.create { [unowned self] observer in
            self.observer = observer
            self.ready.signal()
            return Disposables.create()
        }
    }

    /// Checks that each source's elements (source * 1_000_000 + index) arrive in order.
    private func assertOrderPerSource(_ received: [Int], sources: Int, complete: Bool, round: Int) {
        var next = [Int](repeating: 0, count: sources)
        for value in received {
            let source = value / 1_000_000
            XCTAssertEqual(value % 1_000_000, next[source], "round \(round): source \(source) out of order")
            next[source] += 1
        }
        if complete {
            XCTAssertEqual(next, [Int](repeating: perThread, count: sources), "round \(round): elements lost")
        }
    }

    func testMergeStressInnersSendingFromManyThreadsArriveSeriallyInOrderAndCompleteOnce() {
        for round in 0..<rounds {
            let sources = (0..<threads).map { _ in ThreadSource() }
            let recording = Recording()
            let subscription = Observable.merge(sources.map(\.observable)).subscribe(
                onNext: { recording.record($0) }, onError: { _ in recording.recordTerminal() },
                onCompleted: { recording.recordTerminal() })
            let group = DispatchGroup()
            for (index, source) in sources.enumerated() {
                XCTAssertEqual(source.ready.wait(timeout: .now() + 5), .success)
                let observer = UncheckedSendable(source.observer)
                let count = perThread
                DispatchQueue.global().async(group: group) {
                    for value in 0..<count {
                        observer.value?.onNext(index * 1_000_000 + value)
                    }
                    observer.value?.onCompleted()
                }
            }

            XCTAssertEqual(group.wait(timeout: .now() + 20), .success, "round \(round): senders stuck")
            XCTAssertEqual(recording.overlaps.load(ordering: .relaxed), 0, "round \(round): deliveries overlapped")
            XCTAssertEqual(recording.terminals.load(ordering: .relaxed), 1, "round \(round)")
            XCTAssertEqual(recording.afterTerminal.load(ordering: .relaxed), 0, "round \(round)")
            assertOrderPerSource(recording.received, sources: threads, complete: true, round: round)
            subscription.dispose()
            for source in sources { source.observer = nil }
        }
    }

    func testMergeStressAnInnerFailingWhileOthersSendEndsEverythingOnce() {
        for round in 0..<rounds {
            let sources = (0..<threads).map { _ in ThreadSource() }
            let recording = Recording()
            let outer = PublishSubject<Observable<Int>>()
            let subscription = outer.flatMap { $0 }.subscribe(
                onNext: { recording.record($0) }, onError: { _ in recording.recordTerminal() },
                onCompleted: { recording.recordTerminal() })
            for source in sources { outer.onNext(source.observable) }
            let group = DispatchGroup()
            for (index, source) in sources.enumerated() {
                XCTAssertEqual(source.ready.wait(timeout: .now() + 5), .success)
                let observer = UncheckedSendable(source.observer)
                let count = perThread
                DispatchQueue.global().async(group: group) {
                    for value in 0..<count {
                        if index == 0 && value == count / 2 {
                            observer.value?.onError(TestError.boom)
                        }
                        observer.value?.onNext(index * 1_000_000 + value)
                    }
                    observer.value?.onCompleted()
                }
            }

            XCTAssertEqual(group.wait(timeout: .now() + 20), .success, "round \(round): senders stuck")
            XCTAssertEqual(recording.overlaps.load(ordering: .relaxed), 0, "round \(round): deliveries overlapped")
            XCTAssertEqual(recording.terminals.load(ordering: .relaxed), 1, "round \(round)")
            XCTAssertEqual(recording.afterTerminal.load(ordering: .relaxed), 0, "round \(round)")
            XCTAssertFalse(outer.hasObservers, "round \(round): the source is still subscribed")
            assertOrderPerSource(recording.received, sources: threads, complete: false, round: round)
            subscription.dispose()
            for source in sources { source.observer = nil }
        }
    }

    func testMergeStressDisposedWhileInnersSendDeliversNothingSentAfterDisposeReturned() {
        let late = 500_000
        for round in 0..<rounds {
            let sources = (0..<threads).map { _ in ThreadSource() }
            let observables = sources.map(\.observable)
            let recording = Recording()
            let disposed = Atomic<Bool>(false)
            let baseline = Resources.total
            let subscription = Observable.merge(observables).subscribe(onNext: { recording.record($0) })
            let group = DispatchGroup()
            for (index, source) in sources.enumerated() {
                XCTAssertEqual(source.ready.wait(timeout: .now() + 5), .success)
                let observer = UncheckedSendable(source.observer)
                let count = perThread
                DispatchQueue.global().async(group: group) {
                    for value in 0..<count {
                        // An element sent once dispose() has returned is marked: none may arrive.
                        let mark = disposed.load(ordering: .sequentiallyConsistent) ? late : 0
                        observer.value?.onNext(index * 1_000_000 + mark + value)
                    }
                }
            }
            let deadline = Date().addingTimeInterval(5)
            while recording.count.load(ordering: .relaxed) < 100, Date() < deadline {
                usleep(50)
            }

            subscription.dispose()
            disposed.store(true, ordering: .sequentiallyConsistent)

            XCTAssertEqual(group.wait(timeout: .now() + 20), .success, "round \(round): senders stuck")
            let received = recording.received
            XCTAssertFalse(
                received.contains { $0 % 1_000_000 >= late },
                "round \(round): delivered an element sent after dispose()")
            XCTAssertEqual(recording.overlaps.load(ordering: .relaxed), 0, "round \(round): deliveries overlapped")
            assertOrderPerSource(received, sources: threads, complete: false, round: round)
            for source in sources { source.observer = nil }
            XCTAssertEqual(Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0, "round \(round)")
        }
    }

    /// `flatMapLatest` switching away from an inner sequence that sends from another thread.
    func testMergeStressFlatMapLatestDropsElementsOfAnEarlierInnerSentAcrossTheSwitch() {
        let marker = -1
        for round in 0..<20 {
            let received = Locked<[Int]>([])
            let overlaps = Atomic<Int>(0)
            let inFlight = Atomic<Int>(0)
            let outer = PublishSubject<Int>()
            let running = Locked<AnyObserver<Int>?>(nil)
            let ready = DispatchSemaphore(value: 0)
            let subscription = outer.flatMapLatest { value -> Observable<Int> in
                if value == 1 {
                    return Observable.create { observer in
                        running.value = observer
                        ready.signal()
                        return Disposables.create()
                    }
                }
                return .just(marker)
            }.subscribe(onNext: { value in
                if inFlight.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue != 0 {
                    overlaps.wrappingAdd(1, ordering: .relaxed)
                }
                received.mutate { $0.append(value) }
                inFlight.wrappingSubtract(1, ordering: .sequentiallyConsistent)
            })
            outer.onNext(1)
            XCTAssertEqual(ready.wait(timeout: .now() + 5), .success)
            let sender = UncheckedSendable(running.value)
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                for value in 0..<5_000 {
                    sender.value?.onNext(value)
                }
                done.signal()
            }
            let deadline = Date().addingTimeInterval(5)
            while received.value.count < 50, Date() < deadline {
                usleep(50)
            }

            outer.onNext(2)

            XCTAssertEqual(done.wait(timeout: .now() + 20), .success, "round \(round): sender stuck")
            let events = received.value
            let switchedAt = events.firstIndex(of: marker)
            XCTAssertNotNil(switchedAt, "round \(round): the latest inner sent nothing")
            if let switchedAt {
                XCTAssertEqual(events[(switchedAt + 1)...], [], "round \(round): an earlier inner's element followed")
            }
            XCTAssertEqual(overlaps.load(ordering: .relaxed), 0, "round \(round): deliveries overlapped")
            subscription.dispose()
            running.value = nil
        }
    }
    /// Disposing from one thread while another is inside a delivery ends every inner
    /// subscription before `dispose()` returns, without waiting for that delivery: the inner
    /// subscriptions are kept in a disposable of their own, not behind the serializer.
    func testDisposingDuringADeliveryOnAnotherThreadEndsEveryInnerSubscriptionAtOnce() {
        let forms = ["merge", "flatMap", "merge(maxConcurrent: 2)", "flatMapLatest"]
        for form in forms {
            let first = PublishSubject<Int>()
            let second = PublishSubject<Int>()
            let outer = PublishSubject<Observable<Int>>()
            let merged: Observable<Int> =
                switch form {
                case "merge": Observable.merge(first.asObservable(), second.asObservable())
                case "flatMap": outer.flatMap { $0 }
                case "merge(maxConcurrent: 2)": outer.merge(maxConcurrent: 2)
                default: outer.flatMapLatest { $0 }
                }
            let delivering = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let subscription = merged.subscribe(onNext: { _ in
                delivering.signal()
                _ = release.wait(timeout: .now() + 10)
            })
            outer.onNext(second.asObservable())
            outer.onNext(first.asObservable())
            let sender = DispatchGroup()
            DispatchQueue.global().async(group: sender) { first.onNext(1) }
            XCTAssertEqual(delivering.wait(timeout: .now() + 5), .success, form)

            subscription.dispose()

            XCTAssertFalse(first.hasObservers, "\(form): the delivering inner is still subscribed")
            XCTAssertFalse(second.hasObservers, "\(form): another inner is still subscribed")
            XCTAssertFalse(outer.hasObservers, "\(form): the outer sequence is still subscribed")
            release.signal()
            XCTAssertEqual(sender.wait(timeout: .now() + 10), .success, "\(form): the sender is stuck")
        }
    }

    /// Inner sequences that end on other threads while their `subscribe` call is returning: each
    /// inner subscription is disposed once it has both arrived and ended, whichever came second,
    /// exactly once, and the result completes.
    func testInnersEndingOnOtherThreadsWhileBeingSubscribedAreEachDisposed() {
        let count = 2_000
        for form in ["flatMap", "concatMap", "flatMapLatest"] {
            let teardowns = Atomic<Int>(0)
            let received = Atomic<Int>(0)
            let completed = DispatchSemaphore(value: 0)
            let outer = PublishSubject<Int>()
            let inner = { (value: Int) in
                Observable<Int>.create { observer in
                    let observer = UncheckedSendable(observer)
                    DispatchQueue.global().async {
                        observer.value.onNext(value)
                        observer.value.onCompleted()
                    }
                    return Disposables.create { teardowns.wrappingAdd(1, ordering: .relaxed) }
                }
            }
            let result: Observable<Int> =
                switch form {
                case "flatMap": outer.flatMap(inner)
                case "concatMap": outer.concatMap(inner)
                default: outer.flatMapLatest(inner)
                }
            let subscription = result.subscribe(
                onNext: { _ in received.wrappingAdd(1, ordering: .relaxed) }, onCompleted: { completed.signal() })

            for value in 0..<count {
                outer.onNext(value)
            }
            outer.onCompleted()

            XCTAssertEqual(completed.wait(timeout: .now() + 20), .success, "\(form): never completed")
            // The last inner may complete the result before its `subscribe` call has returned on
            // the thread that started it (as in RxSwift): that thread disposes it as it returns.
            let deadline = Date().addingTimeInterval(10)
            while teardowns.load(ordering: .relaxed) < count, Date() < deadline {
                usleep(100)
            }
            XCTAssertEqual(teardowns.load(ordering: .relaxed), count, "\(form): an inner subscription was not disposed")
            if form != "flatMapLatest" {
                XCTAssertEqual(received.load(ordering: .relaxed), count, "\(form): elements lost")
            }
            subscription.dispose()
        }
    }
}
