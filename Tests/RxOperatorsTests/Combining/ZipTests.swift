import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

final class ZipTests: RxTestCase {
    func testPairsElementsInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 9), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])
        let ys = scheduler.createHotObservable([.next(240, 4), .next(250, 5), .completed(260)])

        let res = scheduler.start { Observable.zip(xs, ys) { $0 * 10 + $1 } }

        XCTAssertEqual(res.events, [.next(240, 14), .next(250, 25), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
    }

    func testMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable("-^-a-b-c-|")
        let ys = try scheduler.createHotObservable("-^---1-----2-|")

        let res = scheduler.start { Observable.zip(xs, ys) { a, b in b == "1" ? a : b } }

        assertMarbles(res, "----a-----2-|")
        assertSubscriptions(xs, "^-------!")
        assertSubscriptions(ys, "^-----------!")
    }

    func testTupleFormOfEveryArity() {
        let a = Observable.of(1, 2)
        var pairs: [String] = []
        _ = Observable.zip(a, Observable.of("x", "y")).subscribe(onNext: { pairs.append("\($0)\($1)") })
        var sums: [Int] = []
        _ = Observable.zip(a, a, a, a, a, a, a, a).subscribe(onNext: {
            sums.append($0 + $1 + $2 + $3 + $4 + $5 + $6 + $7)
        })

        XCTAssertEqual(pairs, ["1x", "2y"])
        XCTAssertEqual(sums, [8, 16])
    }

    func testTwoSourceTuplesOfMixedLayoutsKeepBothElements() {
        let small = Observable<Int8>.of(1, 2)
        let wide = Observable<(Double, String)>.of((0.5, "x"), (1.5, "y"))
        var received: [String] = []
        _ = Observable.zip(small, wide).subscribe(onNext: { received.append("\($0)\($1.0)\($1.1)") })
        _ = Observable.zip(wide, small).subscribe(onNext: { received.append("\($0.0)\($0.1)\($1)") })

        XCTAssertEqual(received, ["10.5x", "21.5y", "0.5x1", "1.5y2"])
    }

    func testAnErrorDisposesEverySourceAndIsForwardedOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(215, 2), .error(225, TestError.other)])

        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(215, 3), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testAThrowingSelectorBecomesAnErrorAndDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let ys = scheduler.createHotObservable([.next(215, 2), .next(230, 3)])

        let res = scheduler.start {
            Observable.zip(xs, ys) { a, b -> Int in
                if a == 2 { throw TestError.boom }
                return a + b
            }
        }

        XCTAssertEqual(res.events, [.next(215, 3), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testThreeSourcesThroughTheGeneralImplementation() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 4), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(225, 5), .completed(310)])
        let zs = scheduler.createHotObservable([.next(230, 3), .next(240, 6), .completed(320)])

        let res = scheduler.start(disposed: 400) { Observable.zip(xs, ys, zs) { $0 * 100 + $1 * 10 + $2 } }

        XCTAssertEqual(res.events, [.next(230, 123), .next(240, 456), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 320)])
    }

    func testDisposalMidStreamUnsubscribesEverySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 5)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(270, 6)])

        let res = scheduler.start(disposed: 250) { Observable.zip(xs, ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testSendingIntoASourceFromOnNextIsDeliveredAfterTheCurrentElement() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = Observable.zip(a, b) { $0 + $1 }
            .subscribe(onNext: { value in
                received.append(value)
                if value == 11 {
                    a.onNext(100)
                    b.onNext(200)
                }
                received.append(-value)
            })
        a.onNext(1)
        // The send from inside the observer re-enters the subject, which reports it.
        let reports = SynchronizationReports.collect {
            b.onNext(10)
        }
        XCTAssertEqual(reports.count, 1, "the reentrant send is reported once: \(reports)")
        subscription.dispose()

        XCTAssertEqual(received, [11, -11, 300, -300])
    }

    func testLetsGoOfEachElementAsSoonAsItIsPaired() {
        let live = Counter()
        let a = PublishSubject<LiveElement>()
        let b = PublishSubject<LiveElement>()
        var sums = 0
        let subscription = Observable.zip(a, b) { $0.value + $1.value }.subscribe(onNext: { sums += $0 })
        for i in 0..<100 {
            a.onNext(LiveElement(i, live: live))
        }
        XCTAssertEqual(live.value, 100, "the first source is ahead: its elements wait")
        for i in 0..<60 {
            b.onNext(LiveElement(i, live: live))
        }
        XCTAssertEqual(live.value, 40, "each paired element is let go of")
        subscription.dispose()
        XCTAssertEqual(live.value, 0, "disposal lets go of the waiting elements")
        XCTAssertEqual(sums, 2 * (0..<60).reduce(0, +))
    }

    func testNothingIsKeptFromSourcesSendingAfterDisposal() {
        let live = Counter()
        let a = PublishSubject<LiveElement>()
        let b = PublishSubject<Int>()
        let subscription = Observable.zip(a, b) { $0.value + $1 }.subscribe()
        subscription.dispose()
        for i in 0..<1000 {
            a.onNext(LiveElement(i, live: live))
        }
        XCTAssertEqual(live.value, 0)
    }

    func testAPairedElementWhoseReleaseSendsIntoTheZipIsReleasedOutsideItsLock() {
        // Raw sources: the send from the release reaches the zip and takes its lock, which a
        // release under that lock would take a second time and stop the program.
        let live = Counter()
        let a = DisposalIgnoringObservable<LiveElement>()
        let b = DisposalIgnoringObservable<Int>()
        let other = UncheckedSendable(b)
        var sums: [Int] = []
        let subscription = Observable.zip(a, b) { $0.value + $1 }.subscribe(onNext: { sums.append($0) })

        a.observer?.onNext(LiveElement(1, live: live) { other.value.observer?.onNext(100) })
        b.observer?.onNext(10)
        a.observer?.onNext(LiveElement(2, live: live))

        XCTAssertEqual(sums, [11, 102], "the element sent from the release was paired next")
        XCTAssertEqual(live.value, 0)
        subscription.dispose()
        a.forget()
        b.forget()
    }

    func testAWaitingElementWhoseReleaseSendsIntoTheZipIsReleasedOutsideItsLockOnDisposal() {
        let live = Counter()
        let a = DisposalIgnoringObservable<LiveElement>()
        let b = DisposalIgnoringObservable<Int>()
        let other = UncheckedSendable(b)
        var sums: [Int] = []
        let subscription = Observable.zip(a, b) { $0.value + $1 }.subscribe(onNext: { sums.append($0) })
        a.observer?.onNext(LiveElement(1, live: live) { other.value.observer?.onNext(100) })

        subscription.dispose()

        XCTAssertEqual(live.value, 0, "the waiting element is released by the disposal")
        XCTAssertEqual(sums, [], "and what its release sent is not delivered")
        a.forget()
        b.forget()
    }

    func testACollectionGivesArraysInTheCollectionsOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 4), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(225, 5), .completed(310)])
        let zs = scheduler.createHotObservable([.next(230, 3), .next(240, 6), .completed(320)])

        let res = scheduler.start { Observable.zip([xs, ys, zs]).map { $0.map(String.init).joined() } }

        XCTAssertEqual(res.events, [.next(230, "123"), .next(240, "456"), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 310)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 320)])
    }

    func testACollectionCompletesWhenAnUnpairableElementArrivesAfterTheOthersCompletedAsInRxSwift() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(230, 2), .next(240, 3), .next(250, 4)])

        let res = scheduler.start { Observable.zip([xs, ys]) { $0.reduce(0, +) } }

        XCTAssertEqual(res.events, [.next(230, 3), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testACollectionWithASelectorThatThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 4)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(230, 3)])

        let res = scheduler.start {
            Observable.zip([xs, ys]) { values -> Int in
                if values[0] == 4 { throw TestError.boom }
                return values.reduce(0, +)
            }
        }

        XCTAssertEqual(res.events, [.next(220, 3), .error(240, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testACollectionLetsGoOfPairedAndWaitingElements() {
        let live = Counter()
        let a = PublishSubject<LiveElement>()
        let b = PublishSubject<LiveElement>()
        let subscription = Observable.zip([a, b]) { $0.count }.subscribe()
        for i in 0..<50 {
            a.onNext(LiveElement(i, live: live))
        }
        for i in 0..<20 {
            b.onNext(LiveElement(i, live: live))
        }
        XCTAssertEqual(live.value, 30)
        subscription.dispose()
        XCTAssertEqual(live.value, 0)
    }

    func testAnEmptyCollectionCompletesAtOnceAsInRxSwift() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.zip([Observable<Int>]()) }

        XCTAssertEqual(res.events.count, 1)
        XCTAssertEqual(res.events.first?.time, 200)
    }

    func testAnUnpairableElementEndsOnlyTheCollectionFormAsInRxSwift() {
        // The first source completes with nothing waiting, so the second's later elements can
        // never be paired. RxSwift's zip of sources still waits for every source to complete;
        // its zip of a collection completes at the first such element, the others having all
        // finished.
        for form in ["zip(a, b)", "zip(a, b, c)", "zip([a, b])"] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let ys = scheduler.createHotObservable([.next(230, 2), .next(240, 3), .completed(260)])
            let zs = scheduler.createHotObservable([.next(205, 5), .next(206, 6), .completed(270)])

            let res = scheduler.start { () -> Observable<Int> in
                switch form {
                case "zip(a, b)": Observable.zip(xs, ys) { $0 + $1 }
                case "zip(a, b, c)": Observable.zip(xs, ys, zs) { $0 + $1 + $2 }
                default: Observable.zip([xs.asObservable(), ys.asObservable()]) { $0.reduce(0, +) }
                }
            }

            switch form {
            case "zip(a, b)":
                XCTAssertEqual(res.events, [.next(230, 3), .completed(260)], form)
            case "zip(a, b, c)":
                XCTAssertEqual(res.events, [.next(230, 8), .completed(270)], form)
            default:
                XCTAssertEqual(res.events, [.next(230, 3), .completed(240)], form)
            }
        }
    }

    func testAnUnpairableElementDoesNotEndAZipOfThreeWhileAnotherSourceIsLive() {
        // RxSwift's zip of a collection ends at an unpairable element only once every other
        // source has finished: here the third may still send, so the result stays open.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(215, 2), .next(230, 3)])
        let zs = scheduler.createHotObservable([.next(212, 4)])

        let res = scheduler.start {
            Observable.zip([xs.asObservable(), ys.asObservable(), zs.asObservable()]) { $0.reduce(0, +) }
        }

        XCTAssertEqual(res.events, [.next(215, 7)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 1000)])
    }

    func testAnElementThatCanNeverBePairedIsReleased() {
        let live = Counter()
        let first = PublishSubject<LiveElement>()
        let second = PublishSubject<LiveElement>()
        var completed = false
        let subscription = Observable.zip(first, second).subscribe(onCompleted: { completed = true })
        first.onCompleted()
        for index in 0..<1_000 {
            second.onNext(LiveElement(index, live: live))
        }

        // Not ended (RxSwift's zip of sources waits for both), yet nothing is kept.
        XCTAssertFalse(completed)
        XCTAssertEqual(live.value, 0)
        second.onCompleted()
        XCTAssertTrue(completed)
        subscription.dispose()
    }

    func testAFinishedSourceWithNothingWaitingDoesNotCompleteTheResultByItselfAsRxSwift() {
        // RxSwift completes only when an element arrives that can never be paired (or every source
        // finished): a source that never sends again keeps the result open.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let ys = scheduler.createHotObservable([.next(150, 1), .completed(210)])

        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }
}

// MARK: - Under contention

/// `zip` with each source sending on its own thread.
final class ZipUnderContentionTests: CombiningContentionTestCase {
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
}
