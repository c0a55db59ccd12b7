import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

final class CombineLatestTests: RxTestCase {
    func testSendsOnceEverySourceHasSentThenOnEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(240, 4), .completed(250)])
        let ys = scheduler.createHotObservable([.next(220, 3), .next(230, 5), .completed(260)])

        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 * 10 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 23), .next(230, 25), .next(240, 45), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-^-a---b---|")
        let ys = try scheduler.createHotObservable("-^---1---2-----|")

        let res = scheduler.start { Observable.combineLatest(xs, ys) { a, b in a == "a" ? b : a } }

        assertMarbles(res, "----1-b-b-----|")
        assertSubscriptions(xs, "^---------!")
        assertSubscriptions(ys, "^-------------!")
    }

    func testTupleFormOfEveryArity() {
        let a = Observable.just(1)
        let recorded2 = collect(Observable.combineLatest(a, Observable.just("b")).map { "\($0)\($1)" })
        let recorded8 = collect(
            Observable.combineLatest(a, a, a, a, a, a, a, a).map { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 })
        let recorded3 = collect(Observable.combineLatest(a, a, Observable.just(2)) { $0 + $1 + $2 })

        XCTAssertEqual(recorded2, ["1b"])
        XCTAssertEqual(recorded8, [8])
        XCTAssertEqual(recorded3, [4])
    }

    func testTwoSourceTuplesOfMixedLayoutsKeepBothElements() {
        let small = PublishSubject<UInt8>()
        let text = PublishSubject<String>()
        var received: [String] = []
        let first = Observable.combineLatest(small, text).subscribe(onNext: { received.append("\($0)\($1)") })
        let second = Observable.combineLatest(text, small).subscribe(onNext: { received.append("\($0)\($1)") })
        small.onNext(7)
        text.onNext("a long string that is not stored inline")
        small.onNext(9)
        first.dispose()
        second.dispose()

        XCTAssertEqual(
            received,
            [
                "7a long string that is not stored inline", "a long string that is not stored inline7",
                "9a long string that is not stored inline", "a long string that is not stored inline9",
            ])
    }

    func testCompletesAtOnceWhenASourceSendsAfterTheOthersCompletedWithout() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
        let ys = scheduler.createHotObservable([.next(215, 2), .completed(220)])

        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.completed(215)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 215)])
    }

    func testASourceCompletingWithoutElementsWaitsForTheOthersAsRxSwiftDoes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
        let ys = scheduler.createHotObservable([Recorded<Event<Int>>]())

        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 1000)])
    }

    func testAnErrorDisposesEverySourceAndIsForwardedOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(215, 2), .error(225, TestError.other), .next(230, 3)])

        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(215, 3), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testAThrowingSelectorBecomesAnErrorAndDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let ys = scheduler.createHotObservable([.next(215, 2), .next(240, 3)])

        let res = scheduler.start {
            Observable.combineLatest(xs, ys) { a, b -> Int in
                if a == 2 { throw TestError.boom }
                return a + b
            }
        }

        XCTAssertEqual(res.events, [.next(215, 3), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testDisposalMidStreamUnsubscribesEverySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 5)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(270, 6)])

        let res = scheduler.start(disposed: 250) { Observable.combineLatest(xs, ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testThreeSourcesThroughTheGeneralImplementation() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(240, 4), .completed(310)])
        let zs = scheduler.createHotObservable([.next(230, 3), .error(250, TestError.boom)])

        let res = scheduler.start { Observable.combineLatest(xs, ys, zs) { $0 * 100 + $1 * 10 + $2 } }

        XCTAssertEqual(res.events, [.next(230, 123), .next(240, 143), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 250)])
    }

    func testASourceSendingWhileBeingSubscribed() {
        let recorded = collect(Observable.combineLatest(Observable.of(1, 2), Observable.of(10, 20)) { $0 + $1 })

        // `of` sends on the trampoline, so the two sources interleave, as in RxSwift.
        XCTAssertEqual(recorded, [11, 12, 22])
    }

    func testSendingIntoASourceFromOnNextIsDeliveredAfterTheCurrentElement() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = Observable.combineLatest(a, b) { $0 + $1 }
            .subscribe(onNext: { value in
                received.append(value)
                if value == 11 { a.onNext(100) }
                received.append(-value)
            })
        a.onNext(1)
        b.onNext(10)
        subscription.dispose()

        XCTAssertEqual(received, [11, -11, 110, -110])
    }

    func testLetsGoOfTheLatestElementsWhenDisposed() {
        let live = Counter()
        let a = PublishSubject<LiveElement>()
        let b = PublishSubject<LiveElement>()
        let subscription = Observable.combineLatest(a, b) { $0.value + $1.value }.subscribe()
        for i in 0..<100 {
            a.onNext(LiveElement(i, live: live))
        }
        XCTAssertEqual(live.value, 1, "only the latest element is kept")
        b.onNext(LiveElement(0, live: live))
        subscription.dispose()
        XCTAssertEqual(live.value, 0)
    }

    func testAKeptElementWhoseReleaseSendsIntoASourceOnDisposalIsReleasedAndNothingIsDelivered() {
        for form in ["two sources", "collection"] {
            let live = Counter()
            let a = DisposalIgnoringObservable<LiveElement>()
            let b = DisposalIgnoringObservable<LiveElement>()
            let other = UncheckedSendable(b)
            var sums: [Int] = []
            let combined: Observable<Int> =
                form == "two sources"
                ? Observable.combineLatest(a, b) { $0.value + $1.value }
                : Observable.combineLatest([a.asObservable(), b.asObservable()]) {
                    $0.map(\.value).reduce(0, +)
                }
            let subscription = combined.subscribe(onNext: { sums.append($0) })
            a.observer?.onNext(
                LiveElement(1, live: live) { other.value.observer?.onNext(LiveElement(100, live: live)) })

            subscription.dispose()

            XCTAssertEqual(live.value, 0, "\(form): the kept element is released by the disposal")
            XCTAssertEqual(sums, [], "\(form): what its release sent is not delivered")
            a.forget()
            b.forget()
        }
    }

    func testAReplacedElementWhoseDeinitSendsIntoTheChainDoesNotDeadlock() {
        let a = PublishSubject<LiveElement>()
        let b = PublishSubject<Int>()
        let live = Counter()
        var received: [Int] = []
        let subscription = Observable.combineLatest(a, b) { $0.value + $1 }.subscribe(onNext: { received.append($0) })
        a.onNext(LiveElement(1, live: live, onRelease: { b.onNext(5) }))
        b.onNext(10)
        a.onNext(LiveElement(2, live: live))
        subscription.dispose()

        XCTAssertEqual(received, [11, 12, 7])
    }

    func testNothingIsKeptFromSourcesSendingAfterDisposal() {
        let live = Counter()
        let a = PublishSubject<LiveElement>()
        let b = PublishSubject<Int>()
        let subscription = Observable.combineLatest(a, b) { $0.value + $1 }.subscribe()
        subscription.dispose()
        for i in 0..<1000 {
            a.onNext(LiveElement(i, live: live))
        }
        XCTAssertEqual(live.value, 0)
    }

    func testACollectionGivesArraysInTheCollectionsOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(250)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(260)])
        let zs = scheduler.createHotObservable([.next(230, 3), .completed(270)])

        let res = scheduler.start { Observable.combineLatest([xs, ys, zs]).map { $0.map(String.init).joined() } }

        XCTAssertEqual(res.events, [.next(230, "123"), .next(240, "423"), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 270)])
    }

    func testACollectionWithASelectorThatThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 4)])
        let ys = scheduler.createHotObservable([.next(220, 2)])

        let res = scheduler.start {
            Observable.combineLatest([xs, ys]) { values -> Int in
                if values[0] == 4 { throw TestError.boom }
                return values.reduce(0, +)
            }
        }

        XCTAssertEqual(res.events, [.next(220, 3), .error(240, TestError.boom)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testACollectionCompletesWhenASequenceSendsAfterTheOthersCompletedWithout() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(230)])

        let res = scheduler.start { Observable.combineLatest([xs, ys]) }

        XCTAssertEqual(res.events.count, 1)
        XCTAssertEqual(res.events.first?.time, 220)
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    // RxSwift 6.10's `testCombineLatest_emptyArrayN`: with no sources, every source has sent and
    // completed, so the result of no elements is sent, then completion, at subscription.
    func testAnEmptyCollectionSendsTheResultOfNoElementsThenCompletesAsInRxSwift() {
        let scheduler = TestScheduler(initialClock: 0)
        var calls = 0

        let res = scheduler.start {
            Observable.combineLatest([Observable<Int>]()) { elements -> Int in
                calls += 1
                return elements.reduce(42, +)
            }
        }

        XCTAssertEqual(res.events, [.next(200, 42), .completed(200)])
        XCTAssertEqual(calls, 1)
    }

    func testAnEmptyCollectionWithoutASelectorSendsAnEmptyArrayThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.combineLatest([Observable<Int>]()) }

        XCTAssertEqual(res.events, [.next(200, []), .completed(200)])
    }

    func testAnEmptyCollectionWhoseSelectorThrowsFails() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.combineLatest([Observable<Int>]()) { _ -> Int in throw TestError.boom }
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
    }

    private func collect<Element>(_ source: Observable<Element>) -> [Element] {
        var out: [Element] = []
        _ = source.subscribe(onNext: { out.append($0) })
        return out
    }
}

// MARK: - Under contention

/// `combineLatest` with each source sending on its own thread.
final class CombineLatestUnderContentionTests: CombiningContentionTestCase {
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
