import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// Infallible's combining operators: the flatMap family, concat, merge, startWith,
/// withLatestFrom, combineLatest and zip of every arity.
final class InfallibleCombiningTests: RxTestCase {
    private func infallible(_ xs: TestableObservable<Int>) -> Infallible<Int> {
        xs.asInfallible(onErrorJustReturn: -1)
    }

    // MARK: flatMap family

    func testFlatMapMergesEveryInnerSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let inner = scheduler.createColdObservable([.next(5, 10), .next(15, 20), .completed(20)])

        let res = scheduler.start {
            self.infallible(xs).flatMap { value in self.infallible(inner).map { $0 + value } }
        }

        // At 225 both inner sequences send: the first one scheduled its element earlier.
        XCTAssertEqual(res.events, [.next(215, 11), .next(225, 21), .next(225, 12), .next(235, 22), .completed(300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230), Subscription(220, 240)])
    }

    func testFlatMapFirstDropsElementsWhileAnInnerSequenceRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let inner = scheduler.createColdObservable([.next(5, 10), .completed(20)])

        let res = scheduler.start {
            self.infallible(xs).flatMapFirst { value in self.infallible(inner).map { $0 + value } }
        }

        XCTAssertEqual(res.events, [.next(215, 11), .next(245, 13), .completed(300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230), Subscription(240, 260)])
    }

    func testFlatMapLatestSwitchesToTheNewestInnerSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let inner = scheduler.createColdObservable([.next(5, 10), .next(15, 20), .completed(20)])

        let res = scheduler.start {
            self.infallible(xs).flatMapLatest { value in self.infallible(inner).map { $0 + value } }
        }

        XCTAssertEqual(res.events, [.next(215, 11), .next(225, 12), .next(235, 22), .completed(300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 220), Subscription(220, 240)])
    }

    func testConcatMapRunsInnerSequencesOneAfterTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let inner = scheduler.createColdObservable([.next(5, 10), .next(15, 20), .completed(20)])

        let res = scheduler.start {
            self.infallible(xs).concatMap { value in self.infallible(inner).map { $0 + value } }
        }

        XCTAssertEqual(res.events, [.next(215, 11), .next(225, 21), .next(235, 12), .next(245, 22), .completed(250)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230), Subscription(230, 250)])
    }

    func testObservableFlatMapLatestToInfallibleInnersIsInfallible() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { () -> Infallible<Int> in
            xs.asObservable().flatMapLatest { value in Infallible.just(value * 100) }
        }

        XCTAssertEqual(res.events, [.next(210, 100), .next(220, 200), .completed(300)])
    }

    func testAFallibleInnerSequenceStillFailsAsInRxSwift() {
        let res = TestScheduler(initialClock: 0).start {
            Infallible.just(1).flatMap { _ in Observable<Int>.error(TestError.boom) }.asObservable()
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
    }

    // MARK: concat, merge, startWith

    func testConcatInEachForm() {
        func elements(_ sequence: Infallible<Int>) -> [Int] {
            var received: [Int] = []
            _ = sequence.subscribe(onNext: { received.append($0) })
            return received
        }
        let a = Infallible.of(1, 2)
        let b = Infallible.of(3)

        XCTAssertEqual(elements(a.concat(b)), [1, 2, 3])
        XCTAssertEqual(elements(a.concat(Observable.of(4, 5))), [1, 2, 4, 5])
        XCTAssertEqual(elements(Infallible.concat(a, b, a)), [1, 2, 3, 1, 2])
        XCTAssertEqual(elements(Infallible.concat([b, a])), [3, 1, 2])
        XCTAssertEqual(elements(Infallible.concat(AnySequence([a, b]))), [1, 2, 3])
    }

    func testConcatSubscribesToTheSecondOnceTheFirstCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let res = scheduler.start { self.infallible(xs).concat(self.infallible(ys)) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 240)])
    }

    func testMergeInEachFormInterleavesAsElementsCome() {
        for form in ["variadic", "array", "collection"] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(240)])
            let ys = scheduler.createHotObservable([.next(220, 2), .next(250, 4), .completed(260)])

            let res = scheduler.start { () -> Infallible<Int> in
                let a = self.infallible(xs)
                let b = self.infallible(ys)
                switch form {
                case "variadic": return Infallible.merge(a, b)
                case "array": return Infallible.merge([a, b])
                default: return Infallible.merge([a, b][...])
                }
            }

            // RxSwift's collection form concatenates (3 and 4 would follow 1 and 3 only after
            // the first completes); every form merges here.
            XCTAssertEqual(
                res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .completed(260)], form)
            XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)], form)
        }
    }

    func testMergeWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let a = try scheduler.createHotObservable("---^-1---3|", values: ["1": 1, "3": 3])
        let b = try scheduler.createHotObservable("---^--2----4|", values: ["2": 2, "4": 4])

        let res = scheduler.start { Infallible.merge(self.infallible(a), self.infallible(b)) }

        assertMarbles(res, "--12--3-4|", values: ["1": 1, "2": 2, "3": 3, "4": 4])
        assertSubscriptions(a, "^------!")
        assertSubscriptions(b, "^--------!")
    }

    func testStartWithSendsItsElementFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])

        let res = scheduler.start { self.infallible(xs).startWith(0) }

        XCTAssertEqual(res.events, [.next(200, 0), .next(210, 1), .completed(220)])
    }

    func testWithLatestFromInBothForms() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .next(250, 5), .completed(260)])
        let ys = scheduler.createHotObservable([.next(220, 20), .next(240, 40), .completed(245)])

        let selected = scheduler.start { self.infallible(xs).withLatestFrom(self.infallible(ys)) { $0 + $1 } }

        let second = TestScheduler(initialClock: 0)
        let zs = second.createHotObservable([.next(210, 1), .next(230, 3), .completed(260)])
        let ws = second.createHotObservable([.next(220, 20)])
        let latest = second.start { self.infallible(zs).withLatestFrom(self.infallible(ws)) }

        XCTAssertEqual(selected.events, [.next(230, 23), .next(250, 45), .completed(260)])
        XCTAssertEqual(latest.events, [.next(230, 20), .completed(260)])
    }

    // MARK: combineLatest and zip

    func testCombineLatestOfTwoInBothForms() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, 20), .next(250, 40), .completed(260)])

        let selected = scheduler.start {
            Infallible.combineLatest(self.infallible(xs), self.infallible(ys)) { $0 + $1 }
        }
        let tuples = TestScheduler(initialClock: 0).start {
            Infallible.combineLatest(Infallible.just(1), Infallible.of("a", "b")).map { "\($0)\($1)" }
        }

        XCTAssertEqual(selected.events, [.next(220, 21), .next(230, 23), .next(250, 43), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(tuples.events, [.next(200, "1a"), .next(200, "1b"), .completed(200)])
    }

    func testCombineLatestOfEveryArity() {
        let s = (1...8).map { Infallible.just($0) }
        func first(_ sequence: Infallible<Int>) -> Int? {
            var received: Int?
            _ = sequence.subscribe(onNext: { received = $0 })
            return received
        }
        func sum<T>(_ sequence: Infallible<T>, _ add: @escaping (T) -> Int) -> Int? { first(sequence.map(add)) }

        XCTAssertEqual(first(Infallible.combineLatest(s[0], s[1], s[2]) { $0 + $1 + $2 }), 6)
        XCTAssertEqual(first(Infallible.combineLatest(s[0], s[1], s[2], s[3]) { $0 + $1 + $2 + $3 }), 10)
        XCTAssertEqual(
            first(Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4]) { [$0, $1, $2, $3, $4].reduce(0, +) }), 15)
        XCTAssertEqual(
            first(
                Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) { [$0, $1, $2, $3, $4, $5].reduce(0, +) }),
            21)
        XCTAssertEqual(
            first(
                Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) {
                    [$0, $1, $2, $3, $4, $5, $6].reduce(0, +)
                }), 28)
        XCTAssertEqual(
            first(
                Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
                    [$0, $1, $2, $3, $4, $5, $6, $7].reduce(0, +)
                }), 36)
        XCTAssertEqual(sum(Infallible.combineLatest(s[0], s[1], s[2])) { $0 + $1 + $2 }, 6)
        XCTAssertEqual(sum(Infallible.combineLatest(s[0], s[1], s[2], s[3])) { $0 + $1 + $2 + $3 }, 10)
        XCTAssertEqual(sum(Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4])) { $0 + $1 + $2 + $3 + $4 }, 15)
        XCTAssertEqual(
            sum(Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5])) { $0 + $1 + $2 + $3 + $4 + $5 }, 21)
        XCTAssertEqual(
            sum(Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6])) {
                $0 + $1 + $2 + $3 + $4 + $5 + $6
            }, 28)
        XCTAssertEqual(
            sum(Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])) {
                $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
            }, 36)
    }

    func testCombineLatestOfACollectionInBothForms() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, 20), .completed(250)])

        let arrays = scheduler.start { Infallible.combineLatest([self.infallible(xs), self.infallible(ys)]) }
        let summed = TestScheduler(initialClock: 0).start {
            Infallible.combineLatest([Infallible.just(1), Infallible.just(2)]) { $0.reduce(0, +) }
        }

        XCTAssertEqual(arrays.events, [.next(220, [1, 20]), .next(230, [3, 20]), .completed(250)])
        XCTAssertEqual(summed.events, [.next(200, 3), .completed(200)])
    }

    func testZipPairsElementsByPosition() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let ys = scheduler.createHotObservable([.next(215, 10), .next(235, 20), .completed(250)])

        let res = scheduler.start { Infallible.zip(self.infallible(xs), self.infallible(ys)) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(215, 11), .next(235, 22), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testZipOfEveryArity() {
        let s = (1...8).map { Infallible.of($0, $0 * 10) }
        func all(_ sequence: Infallible<Int>) -> [Int] {
            var received: [Int] = []
            _ = sequence.subscribe(onNext: { received.append($0) })
            return received
        }

        XCTAssertEqual(all(Infallible.zip(s[0], s[1], s[2]) { $0 + $1 + $2 }), [6, 60])
        XCTAssertEqual(all(Infallible.zip(s[0], s[1], s[2], s[3]) { $0 + $1 + $2 + $3 }), [10, 100])
        XCTAssertEqual(all(Infallible.zip(s[0], s[1], s[2], s[3], s[4]) { $0 + $1 + $2 + $3 + $4 }), [15, 150])
        XCTAssertEqual(
            all(Infallible.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { $0 + $1 + $2 + $3 + $4 + $5 }), [21, 210])
        XCTAssertEqual(
            all(Infallible.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { $0 + $1 + $2 + $3 + $4 + $5 + $6 }),
            [28, 280])
        XCTAssertEqual(
            all(
                Infallible.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
                    $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
                }), [36, 360])
    }

    func testAThrowingResultSelectorSendsAnErrorAsInRxSwift() {
        let combined = TestScheduler(initialClock: 0).start {
            Infallible.combineLatest(Infallible.just(1), Infallible.just(2)) { (_: Int, _: Int) throws -> Int in
                throw TestError.boom
            }.asObservable()
        }
        let zipped = TestScheduler(initialClock: 0).start {
            Infallible.zip(Infallible.just(1), Infallible.just(2)) { (_: Int, _: Int) throws -> Int in
                throw TestError.other
            }.asObservable()
        }

        XCTAssertEqual(combined.events, [.error(200, TestError.boom)])
        XCTAssertEqual(zipped.events, [.error(200, TestError.other)])
    }
}
