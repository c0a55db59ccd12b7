import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

/// `combineLatest`, `zip` and `withLatestFrom` fed by sources that each send from a thread of
/// their own, all at once. Each test checks that the downstream observer is never entered by two
/// threads at once, that every source's elements keep their order, that nothing arrives after
/// the terminal event, which arrives once, and that every sink is gone afterwards. Run under
/// `swift test --sanitize=thread`.
final class CombiningStressReliabilityTests: RxTestCase {
    private let rounds = 20
    private let count = 2_000

    /// What the downstream observer saw, checked for overlapping calls as it goes.
    private final class Recording<Element>: @unchecked Sendable {
        // @unchecked Sendable: `elements` and `terminals` are touched only inside `enter()` /
        // `leave()` pairs, which `overlaps` proves never overlap, and read after the run.
        private let inFlight = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let afterTerminal = Atomic<Int>(0)
        var elements: [Element] = []
        var terminals = 0

        func enter() {
            if inFlight.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue != 1 {
                overlaps.wrappingAdd(1, ordering: .relaxed)
            }
        }

        func leave() {
            inFlight.wrappingSubtract(1, ordering: .acquiringAndReleasing)
        }

        func observer() -> AnyObserver<Element> {
            AnyObserver { event in
                self.enter()
                defer { self.leave() }
                if self.terminals > 0 {
                    self.afterTerminal.wrappingAdd(1, ordering: .relaxed)
                }
                switch event {
                case .next(let element):
                    self.elements.append(element)
                case .error, .completed:
                    self.terminals += 1
                }
            }
        }
    }

    /// Runs `send(i)` for every source index at once, each on a thread of its own.
    private func sendConcurrently(sources: Int, _ send: @escaping @Sendable (Int) -> Void) {
        DispatchQueue.concurrentPerform(iterations: sources, execute: send)
    }

    func testCombiningStressZipOfTwoPairsEveryElementInOrder() {
        for _ in 0..<rounds {
            let subjects = (0..<2).map { _ in PublishSubject<Int>() }
            let recording = Recording<Int>()
            let baseline = Resources.total
            let subscription = Observable.zip(subjects[0], subjects[1]) { a, b in a == b ? a : -1 }
                .subscribe(recording.observer())
            let handle = UncheckedSendable(subjects)
            let count = self.count
            sendConcurrently(sources: 2) { index in
                for element in 0..<count {
                    handle.value[index].onNext(element)
                }
                handle.value[index].onCompleted()
            }

            XCTAssertEqual(recording.overlaps.load(ordering: .relaxed), 0, "the observer was entered twice at once")
            XCTAssertEqual(recording.elements, Array(0..<count), "pairs in order, each element used once")
            XCTAssertEqual(recording.terminals, 1)
            XCTAssertEqual(recording.afterTerminal.load(ordering: .relaxed), 0)
            subscription.dispose()
            XCTAssertEqual(Resources.waitForTotal(toReturnTo: baseline, timeout: .seconds(5)), 0)
        }
    }

    func testCombiningStressZipOfFourPairsEveryElementInOrder() {
        for _ in 0..<rounds {
            let subjects = (0..<4).map { _ in PublishSubject<Int>() }
            let recording = Recording<Int>()
            let subscription = Observable.zip(subjects[0], subjects[1], subjects[2], subjects[3]) { a, b, c, d in
                a == b && b == c && c == d ? a : -1
            }
            .subscribe(recording.observer())
            let handle = UncheckedSendable(subjects)
            let count = self.count
            sendConcurrently(sources: 4) { index in
                for element in 0..<count {
                    handle.value[index].onNext(element)
                }
                handle.value[index].onCompleted()
            }

            XCTAssertEqual(recording.overlaps.load(ordering: .relaxed), 0)
            XCTAssertEqual(recording.elements, Array(0..<count))
            XCTAssertEqual(recording.terminals, 1)
            XCTAssertEqual(recording.afterTerminal.load(ordering: .relaxed), 0)
            subscription.dispose()
        }
    }

    func testCombiningStressCombineLatestKeepsEachSourcesOrderAndEndsWithTheLastOfEach() {
        for _ in 0..<rounds {
            let subjects = (0..<2).map { _ in PublishSubject<Int>() }
            let recording = Recording<[Int]>()
            let subscription = Observable.combineLatest(subjects[0], subjects[1]) { [$0, $1] }
                .subscribe(recording.observer())
            let handle = UncheckedSendable(subjects)
            let count = self.count
            sendConcurrently(sources: 2) { index in
                for element in 0..<count {
                    handle.value[index].onNext(element)
                }
                handle.value[index].onCompleted()
            }

            XCTAssertEqual(recording.overlaps.load(ordering: .relaxed), 0)
            let pairs = recording.elements
            for (earlier, later) in zip(pairs, pairs.dropFirst()) {
                XCTAssertTrue(earlier[0] <= later[0] && earlier[1] <= later[1], "\(earlier) then \(later)")
            }
            XCTAssertEqual(pairs.last, [count - 1, count - 1])
            XCTAssertEqual(recording.terminals, 1)
            XCTAssertEqual(recording.afterTerminal.load(ordering: .relaxed), 0)
            subscription.dispose()
        }
    }

    func testCombiningStressCombineLatestOfACollectionKeepsEachSourcesOrder() {
        for _ in 0..<rounds {
            let subjects = (0..<3).map { _ in PublishSubject<Int>() }
            let recording = Recording<[Int]>()
            let subscription = Observable.combineLatest(subjects).subscribe(recording.observer())
            let handle = UncheckedSendable(subjects)
            let count = self.count
            sendConcurrently(sources: 3) { index in
                for element in 0..<count {
                    handle.value[index].onNext(element)
                }
                handle.value[index].onCompleted()
            }

            XCTAssertEqual(recording.overlaps.load(ordering: .relaxed), 0)
            let rows = recording.elements
            for (earlier, later) in zip(rows, rows.dropFirst()) {
                XCTAssertTrue(zip(earlier, later).allSatisfy { $0 <= $1 }, "\(earlier) then \(later)")
            }
            XCTAssertEqual(rows.last, [count - 1, count - 1, count - 1])
            XCTAssertEqual(recording.terminals, 1)
            subscription.dispose()
        }
    }

    func testCombiningStressAnErrorRacingElementsIsTheLastEventAndArrivesOnce() {
        for _ in 0..<rounds {
            let subjects = (0..<3).map { _ in PublishSubject<Int>() }
            let recording = Recording<Int>()
            let subscription = Observable.combineLatest(subjects[0], subjects[1], subjects[2]) { $0 + $1 + $2 }
                .subscribe(recording.observer())
            let handle = UncheckedSendable(subjects)
            let count = self.count
            sendConcurrently(sources: 3) { index in
                for element in 0..<count {
                    handle.value[index].onNext(element)
                    if index == 2 && element == count / 2 {
                        handle.value[index].onError(TestError.boom)
                        return
                    }
                }
                handle.value[index].onError(TestError.other)
            }

            XCTAssertEqual(recording.overlaps.load(ordering: .relaxed), 0)
            XCTAssertEqual(recording.terminals, 1)
            XCTAssertEqual(recording.afterTerminal.load(ordering: .relaxed), 0)
            subscription.dispose()
        }
    }

    func testCombiningStressWithLatestFromKeepsOrderAndCompletesWithTheSource() {
        for _ in 0..<rounds {
            let source = PublishSubject<Int>()
            let other = PublishSubject<Int>()
            let recording = Recording<[Int]>()
            other.onNext(-1)
            let subscription = source.withLatestFrom(other) { [$0, $1] }.subscribe(recording.observer())
            other.onNext(0)
            let handle = UncheckedSendable((source, other))
            let count = self.count
            sendConcurrently(sources: 2) { index in
                let subject = index == 0 ? handle.value.0 : handle.value.1
                for element in 0..<count {
                    subject.onNext(element)
                }
                if index == 0 {
                    subject.onCompleted()
                }
            }

            XCTAssertEqual(recording.overlaps.load(ordering: .relaxed), 0)
            let rows = recording.elements
            XCTAssertEqual(rows.map { $0[0] }, Array(0..<count), "every source element, in order")
            for (earlier, later) in zip(rows, rows.dropFirst()) {
                XCTAssertLessThanOrEqual(earlier[1], later[1])
            }
            XCTAssertEqual(recording.terminals, 1)
            subscription.dispose()
        }
    }

    func testCombiningStressDisposedWhileSourcesSendDeliversNothingAfterDisposeReturned() {
        for _ in 0..<rounds {
            let subjects = (0..<2).map { _ in PublishSubject<Int>() }
            let afterDispose = Atomic<Bool>(false)
            let lateDeliveries = Counter()
            let subscription = Observable.combineLatest(subjects[0], subjects[1]) { $0 + $1 }
                .subscribe(onNext: { _ in
                    if afterDispose.load(ordering: .acquiring) {
                        lateDeliveries.increment()
                    }
                })
            let handle = UncheckedSendable((subjects, subscription))
            let count = self.count
            sendConcurrently(sources: 3) { index in
                if index == 2 {
                    handle.value.1.dispose()
                    afterDispose.store(true, ordering: .releasing)
                    return
                }
                for element in 0..<count {
                    handle.value.0[index].onNext(element)
                }
            }

            XCTAssertLessThanOrEqual(lateDeliveries.value, 1, "at most the delivery under way when dispose() returned")
        }
    }
}
