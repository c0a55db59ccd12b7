import RxCocoaTraits
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// The operators and creation functions of `SharedSequence`, on drivers in virtual time: each
/// keeps the element's meaning of the observable operator, delivers on the mocked scheduler and
/// stays a driver.
final class SharedSequenceOperatorTests: RxTestCase {
    /// The events of the driver `make` builds, on a new test scheduler mocked in for it,
    /// subscribed at 200.
    private func run<Strategy: SharingStrategyProtocol, Element: Equatable>(
        _ make: (TestScheduler) -> SharedSequence<Strategy, Element>
    ) -> [Recorded<Event<Element>>] {
        let scheduler = TestScheduler(initialClock: 0)
        var events: [Recorded<Event<Element>>] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = make(scheduler)
            events = scheduler.start { driver }.events
        }
        return events
    }

    /// A hot source of `events` on the scheduler it is given, as a driver that ends with -1 on
    /// an error.
    private func hot(_ events: [Recorded<Event<Int>>]) -> (TestScheduler) -> Driver<Int> {
        { scheduler in scheduler.createHotObservable(events).asDriver(onErrorJustReturn: -1) }
    }

    /// `Driver.just(1)`, for the tests of eight sources.
    private func one() -> Driver<Int> {
        Driver.just(1)
    }

    // MARK: creating

    func testCreationFunctionsDeliverOnTheSharingScheduler() {
        XCTAssertEqual(run { s in Driver.just(1) }, [.next(201, 1), .completed(201)])
        XCTAssertEqual(run { s in Driver<Int>.empty() }, [.completed(201)])
        XCTAssertEqual(run { s in Driver<Int>.never() }, [])
        XCTAssertEqual(run { s in Driver.of(1, 2) }, [.next(201, 1), .next(202, 2), .completed(203)])
        XCTAssertEqual(run { s in Driver.from([1, 2]) }, [.next(201, 1), .next(202, 2), .completed(203)])
        XCTAssertEqual(run { s in Driver.from(1...2) }, [.next(201, 1), .next(202, 2), .completed(203)])
        XCTAssertEqual(run { s in Driver.from(optional: 3) }, [.next(201, 3), .completed(202)])
        XCTAssertEqual(run { s in Driver<Int>.from(optional: nil) }, [.completed(201)])
    }

    func testDeferredBuildsTheSequenceForEachSubscriber() {
        var built = 0
        XCTAssertEqual(
            run { s in
                Driver.deferred {
                    built += 1
                    return Driver.just(built)
                }
            }, [.next(201, 1), .completed(201)])
        XCTAssertEqual(built, 1)
    }

    func testIntervalAndTimerTickOnTheSharingScheduler() {
        let interval = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: interval) {
            let res = interval.start(created: 100, subscribed: 200, disposed: 235) {
                Driver<Int>.interval(.seconds(10))
            }
            XCTAssertEqual(res.events, [.next(210, 0), .next(220, 1), .next(230, 2)])
        }
        let timer = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: timer) {
            let res = timer.start(created: 100, subscribed: 200, disposed: 250) {
                Driver<Int>.timer(.seconds(5), period: .seconds(20))
            }
            XCTAssertEqual(res.events, [.next(205, 0), .next(225, 1), .next(245, 2)])
        }
    }

    // MARK: transforming and filtering

    func testMapCompactMapAndFilter() {
        let source = hot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        XCTAssertEqual(
            run { s in source(s).map { $0 * 10 } }, [.next(211, 10), .next(221, 20), .next(231, 30), .completed(241)])
        XCTAssertEqual(
            run { s in source(s).compactMap { $0 == 2 ? nil : $0 } }, [.next(211, 1), .next(231, 3), .completed(241)])
        XCTAssertEqual(run { s in source(s).filter { $0 != 2 } }, [.next(211, 1), .next(231, 3), .completed(241)])
    }

    func testScanSkipAndStartWith() {
        let source = hot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        XCTAssertEqual(
            run { s in source(s).scan(0) { $0 + $1 } }, [.next(211, 1), .next(221, 3), .next(231, 6), .completed(241)])
        XCTAssertEqual(run { s in source(s).skip(2) }, [.next(231, 3), .completed(241)])
        XCTAssertEqual(
            run { s in source(s).startWith(0) },
            [.next(200, 0), .next(211, 1), .next(221, 2), .next(231, 3), .completed(241)])
    }

    func testDistinctUntilChangedInItsFourForms() {
        let source = hot([.next(210, 1), .next(220, 1), .next(230, 2), .next(240, 12), .completed(250)])
        let all: [Recorded<Event<Int>>] = [.next(211, 1), .next(231, 2), .next(241, 12), .completed(251)]
        XCTAssertEqual(run { s in source(s).distinctUntilChanged() }, all)
        XCTAssertEqual(
            run { s in source(s).distinctUntilChanged { $0 % 10 } }, [.next(211, 1), .next(231, 2), .completed(251)])
        XCTAssertEqual(run { s in source(s).distinctUntilChanged { $0 == $1 } }, all)
        XCTAssertEqual(
            run { s in source(s).distinctUntilChanged({ $0 % 10 }, comparer: { $0 == $1 }) },
            [.next(211, 1), .next(231, 2), .completed(251)])
    }

    func testDoCallsItsClosuresAroundTheEvents() {
        var calls: [String] = []
        let source = hot([.next(210, 1), .completed(220)])
        let events = run { s in
            source(s).do(
                onNext: { calls.append("next \($0)") }, afterNext: { calls.append("after next \($0)") },
                onCompleted: { calls.append("completed") }, afterCompleted: { calls.append("after completed") },
                onSubscribe: { calls.append("subscribe") }, onSubscribed: { calls.append("subscribed") },
                onDispose: { calls.append("dispose") })
        }
        XCTAssertEqual(events, [.next(211, 1), .completed(221)])
        XCTAssertEqual(
            calls,
            ["subscribe", "subscribed", "next 1", "after next 1", "completed", "dispose", "after completed"])
    }

    func testDebugPassesEventsThrough() {
        let source = hot([.next(210, 1), .completed(220)])
        XCTAssertEqual(run { s in source(s).debug("driver", trimOutput: true) }, [.next(211, 1), .completed(221)])
    }

    // MARK: flattening

    func testFlatMapLatestFollowsTheLatestInnerDriver() {
        let outer = hot([.next(210, 1), .next(230, 2), .completed(300)])
        let inner = [
            1: hot([.next(220, 10), .next(240, 11), .completed(250)]),
            2: hot([.next(235, 20), .next(245, 21), .completed(260)]),
        ]
        XCTAssertEqual(
            run { s in outer(s).flatMapLatest { inner[$0]!(s) } },
            [.next(221, 10), .next(236, 20), .next(246, 21), .completed(301)])
    }

    func testFlatMapFirstIgnoresElementsWhileAnInnerDriverRuns() {
        let outer = hot([.next(210, 1), .next(230, 2), .next(270, 3), .completed(300)])
        let inner = [
            1: hot([.next(220, 10), .next(240, 11), .completed(250)]),
            2: hot([.next(235, 20)]),
            3: hot([.next(280, 30), .completed(290)]),
        ]
        XCTAssertEqual(
            run { s in outer(s).flatMapFirst { inner[$0]!(s) } },
            [.next(221, 10), .next(241, 11), .next(281, 30), .completed(301)])
    }

    func testFlatMapMergesEveryInnerDriver() {
        let outer = hot([.next(210, 1), .next(230, 2), .completed(240)])
        let inner = [
            1: hot([.next(220, 10), .next(240, 11), .completed(250)]),
            2: hot([.next(235, 20), .completed(260)]),
        ]
        XCTAssertEqual(
            run { s in outer(s).flatMap { inner[$0]!(s) } },
            [.next(221, 10), .next(236, 20), .next(241, 11), .completed(261)])
    }

    func testSwitchLatestMergeAndMergeMaxConcurrentOfDriversOfDrivers() {
        let first = hot([.next(220, 10), .next(240, 11), .completed(250)])
        let second = hot([.next(235, 20), .next(245, 21), .completed(260)])
        let outer = { (scheduler: TestScheduler) in
            scheduler.createHotObservable([
                .next(210, first(scheduler)), .next(230, second(scheduler)), .completed(270),
            ])
            .asDriver(onErrorJustReturn: .empty())
        }
        XCTAssertEqual(
            run { s in outer(s).switchLatest() }, [.next(221, 10), .next(236, 20), .next(246, 21), .completed(271)])
        XCTAssertEqual(
            run { s in outer(s).merge() },
            [.next(221, 10), .next(236, 20), .next(241, 11), .next(246, 21), .completed(271)])
        XCTAssertEqual(
            run { s in outer(s).merge(maxConcurrent: 1) }, [.next(221, 10), .next(241, 11), .completed(271)])
    }

    func testStaticMergeInItsThreeForms() {
        let first = hot([.next(210, 1), .completed(230)])
        let second = hot([.next(220, 2), .completed(240)])
        let expected: [Recorded<Event<Int>>] = [.next(211, 1), .next(221, 2), .completed(241)]
        XCTAssertEqual(run { s in Driver.merge(first(s), second(s)) }, expected)
        XCTAssertEqual(run { s in Driver.merge([first(s), second(s)]) }, expected)
        XCTAssertEqual(run { s in Driver.merge(AnyCollection([first(s), second(s)])) }, expected)
    }

    func testConcatOfASequenceAndOfACollection() {
        // The second is subscribed when the first completes, at 201, and delivers one tick later.
        let expected: [Recorded<Event<Int>>] = [.next(201, 1), .next(202, 2), .completed(202)]
        XCTAssertEqual(run { s in Driver.concat([Driver.just(1), Driver.just(2)]) }, expected)
        XCTAssertEqual(run { s in Driver.concat(AnySequence([Driver.just(1), Driver.just(2)])) }, expected)
    }

    // MARK: combining

    func testCombineLatestOfTwoAndOfEightAndOfACollection() {
        let first = hot([.next(210, 1), .next(230, 2), .completed(240)])
        let second = hot([.next(220, 10), .completed(250)])
        XCTAssertEqual(
            run { s in Driver.combineLatest(first(s), second(s)) { $0 + $1 } },
            [.next(221, 11), .next(231, 12), .completed(251)])
        var tuples: [Recorded<Event<String>>] = []
        tuples = run { s in Driver.combineLatest(first(s), second(s)).map { "\($0)-\($1)" } }
        XCTAssertEqual(tuples, [.next(221, "1-10"), .next(231, "2-10"), .completed(251)])
        XCTAssertEqual(
            run { s in Driver.combineLatest([first(s), second(s)]) { $0.reduce(0, +) } },
            [.next(221, 11), .next(231, 12), .completed(251)])
        XCTAssertEqual(
            run { s in Driver.combineLatest([first(s), second(s)]).map { $0.reduce(0, +) } },
            [.next(221, 11), .next(231, 12), .completed(251)])
        XCTAssertEqual(
            run { s in
                Driver.combineLatest(one(), one(), one(), one(), one(), one(), one(), one()) {
                    $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
                }
            }, [.next(201, 8), .completed(201)])
        XCTAssertEqual(
            run { s in
                Driver.combineLatest(one(), one(), one(), one(), one(), one(), one(), one())
                    .map { $0.0 + $0.7 }
            }, [.next(201, 2), .completed(201)])
    }

    func testZipOfTwoAndOfEightAndOfACollection() {
        let first = hot([.next(210, 1), .next(230, 2), .completed(240)])
        let second = hot([.next(220, 10), .next(225, 20), .completed(240)])
        // Both end together with nothing left to pair, so the zip completes then, whichever
        // source it watches for the end.
        let sums: [Recorded<Event<Int>>] = [.next(221, 11), .next(231, 22), .completed(241)]
        XCTAssertEqual(run { s in Driver.zip(first(s), second(s)) { $0 + $1 } }, sums)
        XCTAssertEqual(run { s in Driver.zip(first(s), second(s)).map { $0 + $1 } }, sums)
        XCTAssertEqual(run { s in Driver.zip([first(s), second(s)]) { $0.reduce(0, +) } }, sums)
        XCTAssertEqual(run { s in Driver.zip([first(s), second(s)]).map { $0.reduce(0, +) } }, sums)
        XCTAssertEqual(
            run { s in
                Driver.zip(one(), one(), one(), one(), one(), one(), one(), one()) {
                    $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
                }
            }, [.next(201, 8), .completed(201)])
        XCTAssertEqual(
            run { s in Driver.zip(one(), one(), one(), one(), one(), one(), one(), one()).map { $0.7 } },
            [.next(201, 1), .completed(201)])
    }

    func testCombineLatestAndZipOfThreeToSevenSources() {
        let once: [Recorded<Event<Int>>] = [.next(201, 1), .completed(201)]
        XCTAssertEqual(run { _ in Driver.combineLatest(one(), one(), one()) { $0 * $1 * $2 } }, once)
        XCTAssertEqual(run { _ in Driver.combineLatest(one(), one(), one(), one()) { $0 * $1 * $2 * $3 } }, once)
        XCTAssertEqual(
            run { _ in Driver.combineLatest(one(), one(), one(), one(), one()) { $0 * $1 * $2 * $3 * $4 } }, once)
        XCTAssertEqual(
            run { _ in
                Driver.combineLatest(one(), one(), one(), one(), one(), one()) { $0 * $1 * $2 * $3 * $4 * $5 }
            }, once)
        XCTAssertEqual(
            run { _ in
                Driver.combineLatest(one(), one(), one(), one(), one(), one(), one()) {
                    $0 * $1 * $2 * $3 * $4 * $5 * $6
                }
            }, once)
        XCTAssertEqual(run { _ in Driver.combineLatest(one(), one(), one()).map { $0.2 } }, once)
        XCTAssertEqual(run { _ in Driver.combineLatest(one(), one(), one(), one()).map { $0.3 } }, once)
        XCTAssertEqual(run { _ in Driver.combineLatest(one(), one(), one(), one(), one()).map { $0.4 } }, once)
        XCTAssertEqual(
            run { _ in Driver.combineLatest(one(), one(), one(), one(), one(), one()).map { $0.5 } }, once)
        XCTAssertEqual(
            run { _ in Driver.combineLatest(one(), one(), one(), one(), one(), one(), one()).map { $0.6 } }, once)

        XCTAssertEqual(run { _ in Driver.zip(one(), one(), one()) { $0 * $1 * $2 } }, once)
        XCTAssertEqual(run { _ in Driver.zip(one(), one(), one(), one()) { $0 * $1 * $2 * $3 } }, once)
        XCTAssertEqual(run { _ in Driver.zip(one(), one(), one(), one(), one()) { $0 * $1 * $2 * $3 * $4 } }, once)
        XCTAssertEqual(
            run { _ in Driver.zip(one(), one(), one(), one(), one(), one()) { $0 * $1 * $2 * $3 * $4 * $5 } }, once)
        XCTAssertEqual(
            run { _ in
                Driver.zip(one(), one(), one(), one(), one(), one(), one()) { $0 * $1 * $2 * $3 * $4 * $5 * $6 }
            }, once)
        XCTAssertEqual(run { _ in Driver.zip(one(), one(), one()).map { $0.2 } }, once)
        XCTAssertEqual(run { _ in Driver.zip(one(), one(), one(), one()).map { $0.3 } }, once)
        XCTAssertEqual(run { _ in Driver.zip(one(), one(), one(), one(), one()).map { $0.4 } }, once)
        XCTAssertEqual(run { _ in Driver.zip(one(), one(), one(), one(), one(), one()).map { $0.5 } }, once)
        XCTAssertEqual(run { _ in Driver.zip(one(), one(), one(), one(), one(), one(), one()).map { $0.6 } }, once)
    }

    func testWithLatestFromWithAndWithoutAResultSelector() {
        let source = hot([.next(210, 1), .next(230, 2), .completed(240)])
        let other = hot([.next(220, 10), .next(225, 20)])
        XCTAssertEqual(run { s in source(s).withLatestFrom(other(s)) { $0 + $1 } }, [.next(231, 22), .completed(241)])
        XCTAssertEqual(run { s in source(s).withLatestFrom(other(s)) }, [.next(231, 20), .completed(241)])
    }

    // MARK: time

    func testDebounceThrottleAndDelayRunOnTheSharingScheduler() {
        let source = hot([.next(210, 1), .next(215, 2), .next(240, 3), .completed(300)])
        XCTAssertEqual(
            run { s in source(s).debounce(.seconds(10)) }, [.next(226, 2), .next(251, 3), .completed(301)])
        XCTAssertEqual(
            run { s in source(s).throttle(.seconds(10)) },
            [.next(211, 1), .next(221, 2), .next(241, 3), .completed(301)])
        XCTAssertEqual(
            run { s in source(s).throttle(.seconds(10), latest: false) },
            [.next(211, 1), .next(241, 3), .completed(301)])
        XCTAssertEqual(
            run { s in source(s).delay(.seconds(5)) }, [.next(216, 1), .next(221, 2), .next(246, 3), .completed(306)])
    }

    // MARK: converting

    func testAsSharedSequenceWithEachStrategyAndErrorAnswer() {
        let failing = { (scheduler: TestScheduler) in
            scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        }
        XCTAssertEqual(
            run { s in failing(s).asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: -1)
            },
            [.next(211, 1), .next(221, -1), .completed(221)])
        XCTAssertEqual(
            run { s in
                failing(s).asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorDriveWith: .just(5))
            },
            [.next(211, 1), .next(222, 5), .completed(222)])
        XCTAssertEqual(
            run { s in
                failing(s).asSharedSequence(
                    sharingStrategy: DriverSharingStrategy.self, onErrorRecover: { _ in .just(6) })
            },
            [.next(211, 1), .next(222, 6), .completed(222)])
    }
}
