import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// A source that calls its observers directly, with no sink of its own: the operator under test
/// is the first stage to see what is sent into it, and so the one the check names.
private final class DirectSource: Observable<Int> {
    private var observers: [Int: AnyObserver<Int>] = [:]
    private var nextKey = 0

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Int {
        let key = nextKey
        nextKey += 1
        observers[key] = AnyObserver(observer)
        return Disposables.create { self.observers[key] = nil }
    }

    func send(_ element: Int) {
        for observer in observers.values {
            observer.onNext(element)
        }
    }
}

/// The debug-build reentrancy check reaches every kind of sink, as RxSwift's does: an event sent
/// into an operator from inside its own delivery (a feedback loop that answers at once) is
/// reported once, naming the operator, whether the sink delivers it nested (`map`, `create`,
/// `concat`) or holds it back until its delivery returns (`merge`, `combineLatest`, the time
/// operators). What RxSwift does not report, because its operator does not forward the event
/// nested either (`debounce` keeps it for later, `delay` queues it), is not reported here.
///
/// Each test records the events and the reports; XCTest runs them one at a time, and
/// ``SynchronizationReports`` puts the previous handler back.
final class ReentrancyReportReliabilityTests: RxTestCase {
    /// The report for a reentrant event delivered nested, at `operatorName`'s `sink`.
    private func nested(_ operatorName: String, _ sink: String) -> String {
        """
        Rx grammar violation: a `next` event reached `\(operatorName)` (\(sink), the sink of an Observable<Int>) \
        while it was still delivering the previous event on the same thread (reentrancy): an observer sent an \
        event back into its own source. Break the cycle, or send the new event later through a scheduler \
        (observe(on:) a serial scheduler). Reported once per subscription.
        """
    }

    /// The report for a reentrant `event` held back by `operatorName`'s `sink` and delivered
    /// once the delivery returned.
    private func heldBack(_ operatorName: String, _ sink: String, event: String = "a `next`") -> String {
        """
        Rx grammar violation: \(event) event reached `\(operatorName)` (\(sink), the sink of an Observable<Int>) \
        while it was still delivering the previous event on the same thread (reentrancy): an observer sent an \
        event back into one of its sources. It was held back and delivered once the previous delivery returned, \
        where RxSwift delivers it nested. Break the cycle, or send the new event later through a scheduler \
        (observe(on:) a serial scheduler). Reported once per subscription.
        """
    }

    /// What debug builds report; release builds report nothing.
    private func assertReports(
        _ reports: [String], _ expected: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        #if DEBUG
            XCTAssertEqual(reports, expected, file: file, line: line)
        #else
            XCTAssertEqual(reports, [], file: file, line: line)
        #endif
    }

    // MARK: sinks that deliver a reentrant event nested

    func testAPlainSinkReportsAnEventDeliveredNested() {
        var log: [String] = []
        let source = DirectSource()
        let reports = SynchronizationReports.collect {
            let subscription = source.map { $0 * 10 }.subscribe(onNext: { value in
                log.append("begin \(value)")
                if value == 10 { source.send(2) }
                log.append("end \(value)")
            })
            source.send(1)
            subscription.dispose()
        }

        XCTAssertEqual(log, ["begin 10", "begin 20", "end 20", "end 10"])
        assertReports(reports, [nested("map", "MapSink<Int, Int, SubscriptionObserver<Int>>")])
    }

    func testCreatesSinkReportsAnEventSentBackThroughItsObserver() {
        var log: [String] = []
        let reports = SynchronizationReports.collect {
            var feedback: AnyObserver<Int>?
            let subscription = Observable<Int>.create { observer in
                feedback = observer
                return Disposables.create()
            }
            .subscribe(onNext: { value in
                log.append("\(value)")
                if value == 1 { feedback?.onNext(2) }
            })
            feedback?.onNext(1)
            feedback = nil
            subscription.dispose()
        }

        XCTAssertEqual(log, ["1", "2"])
        assertReports(reports, [nested("create", "AnonymousObservableSink<SubscriptionObserver<Int>>")])
    }

    func testASubjectReportsAnEventSentBackIntoIt() {
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let reports = SynchronizationReports.collect {
            let subscription = subject.subscribe(onNext: { value in
                log.append("\(value)")
                if value == 1 { subject.onNext(2) }
            })
            subject.onNext(1)
            subscription.dispose()
        }

        XCTAssertEqual(log, ["1", "2"])
        XCTAssertEqual(reports.count, isDebugBuild ? 1 : 0)
        XCTAssertTrue(
            reports.allSatisfy { $0.hasPrefix("Rx grammar violation: a `next` event was sent to PublishSubject<Int>") },
            "\(reports)")
    }

    func testAResubscribingSinkReportsAnEventDeliveredNested() {
        var log: [String] = []
        let source = DirectSource()
        let reports = SynchronizationReports.collect {
            let subscription = Observable.concat([source.asObservable(), .just(3)]).subscribe(onNext: { value in
                log.append("\(value)")
                if value == 1 { source.send(2) }
            })
            source.send(1)
            subscription.dispose()
        }

        XCTAssertEqual(log, ["1", "2"])
        assertReports(
            reports, [nested("concat", "ConcatSequenceSink<Array<Observable<Int>>, SubscriptionObserver<Int>>")])
    }

    // MARK: sinks that hold a reentrant event back until their delivery returns

    func testMergeReportsAnEventItHeldBack() {
        var log: [String] = []
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let reports = SynchronizationReports.collect {
            let subscription = Observable.merge(first, second).subscribe(onNext: { value in
                log.append("begin \(value)")
                if value == 1 { second.onNext(2) }
                log.append("end \(value)")
            })
            first.onNext(1)
            subscription.dispose()
        }

        XCTAssertEqual(log, ["begin 1", "end 1", "begin 2", "end 2"], "held back, not dropped")
        assertReports(
            reports, [heldBack("merge", "MergeIdentitySink<Observable<Int>, SubscriptionObserver<Int>>")])
    }

    func testMergeOfSequencesReportsAnInnerSequenceThatAnswersAtOnce() {
        // A feedback loop's shape: an effect answers a state at once with `just`, into a merge.
        var log: [String] = []
        let effects = PublishSubject<Observable<Int>>()
        let state = PublishSubject<Int>()
        let reports = SynchronizationReports.collect {
            let subscription = effects.merge().subscribe(onNext: { value in
                log.append("\(value)")
                if value == 1 { effects.onNext(.just(5)) }
            })
            effects.onNext(state)
            state.onNext(1)
            subscription.dispose()
        }

        XCTAssertEqual(log, ["1", "5"])
        assertReports(
            reports,
            [heldBack("merge", "MergeIdentitySink<Observable<Int>, SubscriptionObserver<Int>>")])
    }

    func testFlatMapReportsAnEventItHeldBack() {
        var log: [String] = []
        let outer = PublishSubject<Int>()
        let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
        let reports = SynchronizationReports.collect {
            let subscription = outer.flatMap { inners[$0] }.subscribe(onNext: { value in
                log.append("\(value)")
                if value == 1 { inners[1].onNext(2) }
            })
            outer.onNext(0)
            outer.onNext(1)
            inners[0].onNext(1)
            subscription.dispose()
        }

        XCTAssertEqual(log, ["1", "2"])
        XCTAssertEqual(reports.count, isDebugBuild ? 1 : 0)
        XCTAssertTrue(reports.allSatisfy { $0.hasPrefix("Rx grammar violation: a `next` event reached `flatMap`") })
    }

    func testSwitchingSinksReportAnEventTheyHeldBack() {
        var log: [String] = []
        let sequences = PublishSubject<Observable<Int>>()
        let first = PublishSubject<Int>()
        let reports = SynchronizationReports.collect {
            let latest = sequences.flatMapLatest { $0 }.subscribe(onNext: { value in
                log.append("flatMapLatest \(value)")
                if value == 1 { sequences.onNext(.just(5)) }
            })
            sequences.onNext(first)
            first.onNext(1)
            latest.dispose()
        }
        let switched = SynchronizationReports.collect {
            let subscription = sequences.switchLatest().subscribe(onNext: { value in
                log.append("switchLatest \(value)")
                if value == 1 { sequences.onNext(.just(6)) }
            })
            sequences.onNext(first)
            first.onNext(1)
            subscription.dispose()
        }

        XCTAssertEqual(log, ["flatMapLatest 1", "flatMapLatest 5", "switchLatest 1", "switchLatest 6"])
        XCTAssertEqual(reports.count + switched.count, isDebugBuild ? 2 : 0)
        XCTAssertTrue(
            reports.allSatisfy { $0.hasPrefix("Rx grammar violation: a `next` event reached `flatMapLatest`") })
        XCTAssertTrue(
            switched.allSatisfy { $0.hasPrefix("Rx grammar violation: a `next` event reached `switchLatest`") })
    }

    func testCombiningSinksReportADeliveryTheyHeldBack() {
        var log: [String] = []
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let latest = SynchronizationReports.collect {
            let subscription = Observable.combineLatest(first, second).subscribe(onNext: { pair in
                log.append("combineLatest \(pair.0),\(pair.1)")
                if pair == (1, 1) { second.onNext(2) }
            })
            second.onNext(1)
            first.onNext(1)
            subscription.dispose()
        }
        let direct = DirectSource()
        let zipped = SynchronizationReports.collect {
            let subscription = Observable.zip(direct, second).subscribe(onNext: { pair in
                log.append("zip \(pair.0),\(pair.1)")
                if pair == (3, 3) {
                    direct.send(4)
                    // Completes a pair while (3, 3) is still being delivered.
                    second.onNext(4)
                }
            })
            second.onNext(3)
            direct.send(3)
            subscription.dispose()
        }
        let withLatest = SynchronizationReports.collect {
            let subscription = direct.withLatestFrom(second).subscribe(onNext: { value in
                log.append("withLatestFrom \(value)")
                if log.count < 6 { direct.send(0) }
            })
            second.onNext(7)
            direct.send(0)
            subscription.dispose()
        }

        XCTAssertEqual(
            log,
            ["combineLatest 1,1", "combineLatest 1,2", "zip 3,3", "zip 4,4", "withLatestFrom 7", "withLatestFrom 7"])
        XCTAssertEqual(latest.count + zipped.count + withLatest.count, isDebugBuild ? 3 : 0)
        XCTAssertTrue(
            latest.allSatisfy { $0.hasPrefix("Rx grammar violation: a `next` event reached `combineLatest`") })
        XCTAssertTrue(zipped.allSatisfy { $0.hasPrefix("Rx grammar violation: a `next` event reached `zip`") })
        XCTAssertTrue(
            withLatest.allSatisfy { $0.hasPrefix("Rx grammar violation: a `next` event reached `withLatestFrom`") })
    }

    func testATimedSinkReportsWhatItForwardsOfAnEventItHeldBack() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        let source = DirectSource()
        let reports = SynchronizationReports.collect {
            let subscription = source.timeout(.seconds(10), scheduler: scheduler).subscribe(onNext: { value in
                log.append("\(value)")
                if value == 1 { source.send(2) }
            })
            source.send(1)
            subscription.dispose()
        }

        XCTAssertEqual(log, ["1", "2"])
        assertReports(reports, [heldBack("timeout", "TimeoutSink<SubscriptionObserver<Int>>")])
    }

    func testOperatorsWithAnotherSequenceReportWhatTheyForwardOfAnEventTheyHeldBack() {
        var log: [String] = []
        let source = PublishSubject<Int>()
        let other = PublishSubject<Int>()
        let takeUntil = SynchronizationReports.collect {
            let subscription = source.take(until: other).subscribe(
                onNext: { value in
                    log.append("take(until:) \(value)")
                    other.onNext(0)
                },
                onCompleted: { log.append("take(until:) completed") })
            source.onNext(1)
            subscription.dispose()
        }
        let sampler = DirectSource()
        let sample = SynchronizationReports.collect {
            let subscription = source.sample(sampler).subscribe(onNext: { value in
                log.append("sample \(value)")
                if value == 2 {
                    source.onNext(3)
                    sampler.send(0)
                }
            })
            source.onNext(2)
            sampler.send(0)
            subscription.dispose()
        }

        XCTAssertEqual(log, ["take(until:) 1", "take(until:) completed", "sample 2", "sample 3"])
        XCTAssertEqual(takeUntil.count + sample.count, isDebugBuild ? 2 : 0)
        XCTAssertTrue(
            takeUntil.allSatisfy {
                $0.hasPrefix("Rx grammar violation: a `completed` event reached `take(until:)`")
            }, "\(takeUntil)")
        XCTAssertTrue(
            sample.allSatisfy { $0.hasPrefix("Rx grammar violation: a `next` event reached `sample`") }, "\(sample)")
    }

    // MARK: what RxSwift does not report either

    func testAnEventADebounceOrADelayKeepsForLaterIsNotReported() {
        // RxSwift's `debounce` stores such an element and `delay` queues it; neither forwards it
        // nested, so neither reports it, and neither does this check.
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        let source = DirectSource()
        let reports = SynchronizationReports.collect {
            let debounced = source.debounce(.seconds(10), scheduler: scheduler).subscribe(onNext: { value in
                log.append("debounce \(value)")
                if value == 1 { source.send(2) }
            })
            source.send(1)
            scheduler.advanceTo(100)
            debounced.dispose()
            let delayed = source.delay(.seconds(10), scheduler: scheduler).subscribe(onNext: { value in
                log.append("delay \(value)")
                if value == 3 { source.send(4) }
            })
            source.send(3)
            scheduler.advanceTo(200)
            delayed.dispose()
        }

        XCTAssertEqual(log, ["debounce 1", "debounce 2", "delay 3", "delay 4"])
        XCTAssertEqual(reports, [])
    }

    func testAHeldBackEventThatASubjectReportedIsReportedOnce() {
        // The send into the subject is the overlap, reported there; merge passing it on later is
        // the same one.
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let other = PublishSubject<Int>()
        let reports = SynchronizationReports.collect {
            let subscription = Observable.merge(subject, other).subscribe(onNext: { value in
                log.append("\(value)")
                if value == 1 { subject.onNext(2) }
            })
            subject.onNext(1)
            subscription.dispose()
        }

        XCTAssertEqual(log, ["1", "2"])
        XCTAssertEqual(reports.count, isDebugBuild ? 1 : 0, "\(reports)")
        XCTAssertTrue(reports.allSatisfy { $0.contains("was sent to PublishSubject<Int>") }, "\(reports)")
    }
}

/// Whether the tests run in a debug build, where the check reports.
private var isDebugBuild: Bool {
    #if DEBUG
        true
    #else
        false
    #endif
}
