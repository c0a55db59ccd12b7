import Dispatch
import RxCore
import RxDisposables
import RxRelay
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

/// Subjects under threads: threads subscribe and dispose while another sends. Each element is
/// the send's sequence number, stamped before the send starts, so the counts below tell exactly
/// which elements a subscriber had to receive, and which it must not have received.
final class SubjectsStressReliabilityTests: RxTestCase {
    /// What one subscriber saw, and the sequence numbers current when it subscribed and when it
    /// was disposed.
    private final class SubscriberRecord: Sendable {
        let received = RxMutex<[Int]>([])
        let subscribedAt = Atomic<Int>(0)
        let disposeStartedAt = Atomic<Int>(0)
        let disposeReturnedAt = Atomic<Int>(0)
    }

    private func hammer(
        sends: Int, subscribers: Int, makeSubject: () -> (observable: Observable<Int>, send: @Sendable (Int) -> Void),
        replaysLatest: Bool, file: StaticString = #filePath, line: UInt = #line
    ) {
        let (observable, send) = makeSubject()
        let shared = UncheckedSendable(observable)
        let sequence = Atomic<Int>(0)
        let sent = Atomic<Bool>(false)
        let records = RxMutex<[SubscriberRecord]>([])

        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                for _ in 0..<sends {
                    let number = sequence.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
                    send(number)
                }
                sent.store(true, ordering: .sequentiallyConsistent)
                return
            }
            var made = 0
            // At least one subscription each, even when the sender finished before this worker
            // started: the checks below need some records.
            while made < subscribers && (made == 0 || !sent.load(ordering: .sequentiallyConsistent)) {
                made += 1
                let record = SubscriberRecord()
                let subscription = shared.value.subscribe(onNext: { value in
                    record.received.withLock { $0.append(value) }
                })
                record.subscribedAt.store(
                    sequence.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
                for _ in 0..<(made % 7) * 20 { _ = sequence.load(ordering: .relaxed) }
                record.disposeStartedAt.store(
                    sequence.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
                subscription.dispose()
                record.disposeReturnedAt.store(
                    sequence.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
                records.withLock { $0.append(record) }
            }
        }

        let all = records.withLock { $0 }
        XCTAssertGreaterThan(all.count, 0, file: file, line: line)
        for record in all {
            let received = record.received.withLock { $0 }
            let subscribedAt = record.subscribedAt.load(ordering: .relaxed)
            let startedAt = record.disposeStartedAt.load(ordering: .relaxed)
            let returnedAt = record.disposeReturnedAt.load(ordering: .relaxed)
            // In order, each once.
            XCTAssertEqual(received, received.sorted(), file: file, line: line)
            XCTAssertEqual(Set(received).count, received.count, "an element arrived twice", file: file, line: line)
            // Nothing whose send began after dispose() returned.
            if let last = received.last {
                XCTAssertLessThanOrEqual(last, returnedAt, "delivered after dispose returned", file: file, line: line)
            }
            // Every element whose send began after the subscription and ended before the disposal.
            if startedAt - 1 > subscribedAt {
                let required = Set((subscribedAt + 1)...(startedAt - 1))
                let missing = required.subtracting(received)
                XCTAssertTrue(missing.isEmpty, "lost \(missing.sorted().prefix(5))", file: file, line: line)
            }
            if replaysLatest, let first = received.first, subscribedAt > 0 {
                XCTAssertLessThanOrEqual(first, subscribedAt, "the replayed value came first", file: file, line: line)
            }
        }
    }

    func testPublishSubjectLosesDuplicatesAndLeaksNothingUnderThreads() {
        hammer(
            sends: 20_000, subscribers: 400,
            makeSubject: {
                let subject = PublishSubject<Int>()
                return (subject.asObservable(), { subject.onNext($0) })
            }, replaysLatest: false)
    }

    func testBehaviorSubjectSendsTheLatestValueFirstUnderThreads() {
        hammer(
            sends: 20_000, subscribers: 400,
            makeSubject: {
                let subject = BehaviorSubject(value: 0)
                return (subject.asObservable(), { subject.onNext($0) })
            }, replaysLatest: true)
    }

    func testReplaySubjectReplaysInOrderUnderThreads() {
        hammer(
            sends: 20_000, subscribers: 400,
            makeSubject: {
                let subject = ReplaySubject<Int>.create(bufferSize: 4)
                return (subject.asObservable(), { subject.onNext($0) })
            }, replaysLatest: true)
    }

    func testBehaviorRelayUnderThreads() {
        hammer(
            sends: 20_000, subscribers: 400,
            makeSubject: {
                let relay = BehaviorRelay(value: 0)
                return (relay.asObservable(), { relay.accept($0) })
            }, replaysLatest: true)
    }

    func testTwoThreadsSendingAtOnceAreReportedOnceNamingTheSubject() {
        #if DEBUG
            let subject = PublishSubject<Int>()
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let subscription = subject.subscribe(onNext: { value in
                if value == 1 {
                    entered.signal()
                    release.wait()
                }
            })
            let reports = SynchronizationReports.collect {
                let first = DispatchQueue(label: "first sender")
                let done = DispatchGroup()
                first.async(group: done) { subject.onNext(1) }
                entered.wait()
                subject.onNext(2)
                subject.onNext(3)
                release.signal()
                done.wait()
            }
            XCTAssertEqual(reports.count, 1, "\(reports)")
            XCTAssertTrue(
                reports.first?.contains("was sent to PublishSubject<Int> from a second thread") == true, "\(reports)")
            subscription.dispose()
        #endif
    }

    func testSubscribingAndDisposingFromManyThreadsKeepsTheCountRight() {
        let subject = PublishSubject<Int>()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<500 {
                let subscription = subject.subscribe(onNext: { _ in })
                subscription.dispose()
                subscription.dispose()
            }
        }
        XCTAssertFalse(subject.hasObservers)
        // A subject's subscriptions may be disposed from any thread; `any Disposable` does not
        // say so to the compiler.
        let held = UncheckedSendable((0..<10).map { _ in subject.subscribe(onNext: { _ in }) })
        XCTAssertTrue(subject.hasObservers)
        DispatchQueue.concurrentPerform(iterations: 10) { held.value[$0].dispose() }
        XCTAssertFalse(subject.hasObservers)
    }
}
