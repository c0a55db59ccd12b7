import Dispatch
import Foundation
import RxBlocking
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

final class BlockingObservableTests: RxTestCase {
    // MARK: toArray

    func testToArrayReturnsEveryElementOfASequenceThatCompletes() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().toArray(), [1, 2, 3])
        XCTAssertEqual(try Observable<Int>.empty().toBlocking().toArray(), [])
    }

    func testToArrayThrowsTheSequencesError() {
        let source = Observable.of(1, 2).concat(Observable<Int>.error(TestError.boom))
        XCTAssertThrowsError(try source.toBlocking().toArray()) { XCTAssertEqual($0 as? TestError, .boom) }
    }

    func testToArrayWaitsForElementsSentFromAnotherThread() throws {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let source = Observable.of(1, 2, 3, scheduler: scheduler)
        XCTAssertEqual(try source.toBlocking(timeout: 10).toArray(), [1, 2, 3])
    }

    // MARK: first

    func testFirstReturnsTheFirstElementOrNilForAnEmptySequence() throws {
        XCTAssertEqual(try Observable.of(4, 5, 6).toBlocking().first(), 4)
        XCTAssertNil(try Observable<Int>.empty().toBlocking().first())
    }

    func testFirstThrowsAnErrorThatComesBeforeAnyElement() {
        XCTAssertThrowsError(try Observable<Int>.error(TestError.boom).toBlocking().first()) {
            XCTAssertEqual($0 as? TestError, .boom)
        }
    }

    func testFirstDisposesTheSubscriptionAsTheFirstElementArrives() throws {
        let disposals = Counter()
        let sentAfterFirst = Locked<[Int]>([])
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            sentAfterFirst.value = [2]
            observer.onNext(2)
            // Never completes: only disposal can end the wait.
            return Disposables.create { disposals.increment() }
        }
        XCTAssertEqual(try source.toBlocking().first(), 1)
        XCTAssertEqual(disposals.value, 1)
        XCTAssertEqual(sentAfterFirst.value, [2])
    }

    // MARK: last

    func testLastReturnsTheLastElementOrNilForAnEmptySequence() throws {
        XCTAssertEqual(try Observable.of(4, 5, 6).toBlocking().last(), 6)
        XCTAssertNil(try Observable<Int>.empty().toBlocking().last())
    }

    func testLastThrowsTheSequencesError() {
        let source = Observable.of(1).concat(Observable<Int>.error(TestError.boom))
        XCTAssertThrowsError(try source.toBlocking().last()) { XCTAssertEqual($0 as? TestError, .boom) }
    }

    // MARK: single

    func testSingleReturnsTheOnlyElement() throws {
        XCTAssertEqual(try Observable.just(7).toBlocking().single(), 7)
    }

    func testSingleOfAnEmptySequenceThrowsNoElements() {
        XCTAssertThrowsError(try Observable<Int>.empty().toBlocking().single()) {
            XCTAssertEqual(($0 as? RxError).map { "\($0)" }, "\(RxError.noElements)")
        }
    }

    func testSingleStopsAtTheSecondElementWithMoreThanOneElement() {
        let disposals = Counter()
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            return Disposables.create { disposals.increment() }
        }
        XCTAssertThrowsError(try source.toBlocking().single()) {
            XCTAssertEqual(($0 as? RxError).map { "\($0)" }, "\(RxError.moreThanOneElement)")
        }
        XCTAssertEqual(disposals.value, 1)
    }

    func testSingleThrowsTheSequencesError() {
        let source = Observable.of(1).concat(Observable<Int>.error(TestError.boom))
        XCTAssertThrowsError(try source.toBlocking().single()) { XCTAssertEqual($0 as? TestError, .boom) }
    }

    func testSingleWithAPredicateCountsOnlyTheElementsThatSatisfyIt() throws {
        let source = Observable.of(1, 2, 3, 4)
        XCTAssertEqual(try source.toBlocking().single { $0 == 3 }, 3)
        XCTAssertThrowsError(try source.toBlocking().single { $0 > 1 }) {
            XCTAssertEqual(($0 as? RxError).map { "\($0)" }, "\(RxError.moreThanOneElement)")
        }
        XCTAssertThrowsError(try source.toBlocking().single { $0 > 9 }) {
            XCTAssertEqual(($0 as? RxError).map { "\($0)" }, "\(RxError.noElements)")
        }
    }

    func testAnErrorThrownByTheSinglePredicateIsThrownAndEndsTheSubscription() {
        let disposals = Counter()
        let seen = Locked<[Int]>([])
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onNext(3)
            return Disposables.create { disposals.increment() }
        }
        XCTAssertThrowsError(
            try source.toBlocking().single { value in
                seen.mutate { $0.append(value) }
                if value == 2 { throw TestError.boom }
                return true
            }
        ) { XCTAssertEqual($0 as? TestError, .boom) }
        XCTAssertEqual(seen.value, [1, 2])
        XCTAssertEqual(disposals.value, 1)
    }

    // MARK: materialize

    func testMaterializeReportsCompletionWithTheElements() {
        guard case .completed(let elements) = Observable.of(1, 2).toBlocking().materialize() else {
            return XCTFail("expected completion")
        }
        XCTAssertEqual(elements, [1, 2])
    }

    func testMaterializeReportsTheErrorWithTheElementsSentBeforeIt() {
        let source = Observable.of(1, 2).concat(Observable<Int>.error(TestError.boom))
        guard case .failed(let elements, let error) = source.toBlocking().materialize() else {
            return XCTFail("expected failure")
        }
        XCTAssertEqual(elements, [1, 2])
        XCTAssertEqual(error as? TestError, .boom)
    }

    // MARK: timeout

    func testATimeoutEndsTheWaitForASourceThatNeverEndsAndDisposesIt() {
        let disposals = Counter()
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            return Disposables.create { disposals.increment() }
        }
        let started = DispatchTime.now()
        XCTAssertThrowsError(try source.toBlocking(timeout: 0.05).toArray()) {
            XCTAssertEqual(($0 as? RxError).map { "\($0)" }, "\(RxError.timeout)")
        }
        XCTAssertGreaterThanOrEqual(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds, 50_000_000)
        XCTAssertEqual(disposals.value, 1)

        guard case .failed(let elements, let error) = source.toBlocking(timeout: 0.01).materialize() else {
            return XCTFail("expected a timeout")
        }
        XCTAssertEqual(elements, [1])
        XCTAssertEqual((error as? RxError).map { "\($0)" }, "\(RxError.timeout)")
        XCTAssertEqual(disposals.value, 2)
    }

    func testATimeoutAlsoEndsTheWaitOnABackgroundThread() {
        let done = expectation(description: "timed out")
        let failure = Locked<String?>(nil)
        DispatchQueue.global().async {
            do {
                _ = try Observable<Int>.never().toBlocking(timeout: 0.02).first()
            } catch {
                failure.value = "\(error)"
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(failure.value, "\(RxError.timeout)")
    }

    func testTimeoutsOfZeroNegativeAndEndlessStillTakeWhatIsSentWhileSubscribing() throws {
        for timeout in [0, -5, .infinity, .greatestFiniteMagnitude, 1e300] as [TimeInterval] {
            XCTAssertEqual(try Observable.of(1, 2).toBlocking(timeout: timeout).toArray(), [1, 2], "\(timeout)")
        }
        XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: 0).toArray())
        XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: -1).toArray())
    }

    // MARK: the blocked thread

    func testOnTheMainThreadASourceDeliveringOnTheMainQueueStillArrives() throws {
        XCTAssertTrue(Thread.isMainThread, "XCTest runs this test on the main thread")
        let background = SerialDispatchQueueScheduler(qos: .default)
        let source = Observable.of(1, 2, 3, scheduler: background).observe(on: MainScheduler.instance)
        XCTAssertEqual(try source.toBlocking(timeout: 10).toArray(), [1, 2, 3])
        let later = Observable<Int>.timer(.milliseconds(5), scheduler: MainScheduler.instance)
        XCTAssertEqual(try later.toBlocking(timeout: 10).single(), 0)
    }

    func testInsideATrampolineActionTheSourcesQueuedWorkRunsOnTheBlockedThread() {
        let result = Locked<[Int]?>(nil)
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            XCTAssertFalse(CurrentThreadScheduler.isScheduleRequired)
            let source = Observable.of(1, 2, 3, scheduler: CurrentThreadScheduler.instance)
            result.value = try? source.toBlocking(timeout: 5).toArray()
            return Disposables.create()
        }
        XCTAssertEqual(result.value, [1, 2, 3])
    }

    func testWorkQueuedOnTheTrampolineBeforeTheWaitStillRunsInItsOrder() {
        let log = Locked<[String]>([])
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.mutate { $0.append("queued before") }
                return Disposables.create()
            }
            let source = Observable.of("element", scheduler: CurrentThreadScheduler.instance)
            let elements = (try? source.toBlocking(timeout: 5).toArray()) ?? ["timeout"]
            log.mutate { $0 += elements }
            return Disposables.create()
        }
        XCTAssertEqual(log.value, ["queued before", "element"])
    }

    func testInsideMainQueueWorkTheWaitSleepsAndASourceOnAnotherThreadArrives() {
        let done = expectation(description: "read inside a main-queue block")
        let result = Locked<[Int]?>(nil)
        DispatchQueue.main.async {
            let source = Observable.of(1, 2, 3, scheduler: SerialDispatchQueueScheduler(qos: .default))
            result.value = try? source.toBlocking(timeout: 10).toArray()
            done.fulfill()
        }
        wait(for: [done], timeout: 20)
        XCTAssertEqual(result.value, [1, 2, 3])
    }

    func testInsideMainQueueWorkASourceThatNeedsTheMainQueueEndsOnlyWithTheTimeout() {
        // The documented limit: the main queue cannot run while its own work waits.
        let done = expectation(description: "timed out inside a main-queue block")
        let failure = Locked<String?>(nil)
        DispatchQueue.main.async {
            let source = Observable.of(1, scheduler: SerialDispatchQueueScheduler(qos: .default))
                .observe(on: MainScheduler.instance)
            do {
                _ = try source.toBlocking(timeout: 0.05).toArray()
            } catch {
                failure.value = "\(error)"
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 20)
        XCTAssertEqual(failure.value, "\(RxError.timeout)")
        // The element `observe(on:)` queued on the main queue runs (and is dropped) only now.
        let drained = expectation(description: "main queue drained")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 20)
    }

    func testFromABackgroundThreadASourceOnAnotherQueueArrives() {
        let done = expectation(description: "read on a background thread")
        let result = Locked<Int?>(nil)
        DispatchQueue.global().async {
            let source = Observable.of(1, 2, 3, scheduler: SerialDispatchQueueScheduler(qos: .default))
            result.value = try? source.toBlocking(timeout: 10).last() ?? nil
            done.fulfill()
        }
        wait(for: [done], timeout: 20)
        XCTAssertEqual(result.value, 3)
    }
}
