import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// The trait operators that keep state (`asSingle`, `asMaybe`, `toArray`) and the ones that
/// switch sources (`andThen`) at awkward moments: disposed twice, from another thread, while a
/// source keeps sending, and racing the source's events.
final class TraitReliabilityTests: RxTestCase {
    /// The trait operators over an observable of `Int`, each seen as an observable of strings.
    private let operators: [(name: String, apply: (Observable<Int>) -> Observable<String>)] = [
        ("asSingle", { $0.asSingle().map { "\($0)" }.asObservable() }),
        ("asMaybe", { $0.asMaybe().map { "\($0)" }.asObservable() }),
        ("first", { $0.first().map { "\(String(describing: $0))" }.asObservable() }),
        ("toArray", { $0.toArray().map { "\($0)" }.asObservable() }),
        ("andThen", { Completable.empty().andThen($0.asSingle()).map { "\($0)" }.asObservable() }),
        ("Single.zip", { Single.zip([$0.asSingle(), .just(0)]).map { "\($0)" }.asObservable() }),
    ]

    func testEveryTraitOperatorDisposedTwiceMidWaySendsNothingAndUnsubscribesOnce() {
        for fromAnotherThread in [false, true] {
            for (name, apply) in operators where name != "first" {
                let scheduler = TestScheduler(initialClock: 0)
                let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
                let observer = scheduler.createObserver(String.self)
                let disposals = Counter()
                var subscription: (any Disposable)?
                scheduler.scheduleAt(200) {
                    subscription = apply(xs.asObservable()).subscribe(
                        onNext: { observer.onNext($0) }, onError: { observer.onError($0) },
                        onCompleted: { observer.onCompleted() }, onDisposed: { disposals.increment() })
                }
                scheduler.scheduleAt(250) {
                    let handle = UncheckedSendable(subscription!)
                    if fromAnotherThread {
                        let done = DispatchSemaphore(value: 0)
                        DispatchQueue.global().async {
                            handle.value.dispose()
                            handle.value.dispose()
                            done.signal()
                        }
                        _ = done.wait(timeout: .now() + 5)
                    } else {
                        handle.value.dispose()
                        handle.value.dispose()
                    }
                }
                scheduler.start()
                subscription = nil
                let context = "\(name), from another thread: \(fromAnotherThread)"

                XCTAssertEqual(observer.events, [], context)
                XCTAssertEqual(disposals.value, 1, context)
                XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)], context)
            }
        }
    }

    func testAStateKeepingOperatorKeepsNothingASourceSendsAfterDisposal() {
        for (name, apply) in [
            ("asSingle", { (source: Observable<LiveElement>) in source.asSingle().asObservable().map { _ in 0 } }),
            ("asMaybe", { (source: Observable<LiveElement>) in source.asMaybe().asObservable().map { _ in 0 } }),
            ("toArray", { (source: Observable<LiveElement>) in source.toArray().asObservable().map { _ in 0 } }),
        ] {
            let live = Counter()
            var observer: AnyObserver<LiveElement>?
            let source = Observable<LiveElement>.create { receiver in
                observer = receiver
                return Disposables.create()
            }
            var events = 0

            let subscription = apply(source).subscribe { _ in events += 1 }
            observer?.onNext(LiveElement(0, live: live))
            subscription.dispose()
            XCTAssertEqual(live.value, 0, "\(name): disposal lets go of what was held")
            for value in 1...1_000 {
                observer?.onNext(LiveElement(value, live: live))
            }
            observer?.onCompleted()

            XCTAssertEqual(events, 0, name)
            XCTAssertEqual(live.value, 0, "\(name): nothing sent after disposal is kept")
            observer = nil
        }
    }

    func testAnElementWhoseReleaseSendsIntoTheChainIsReleasedOutsideTheLock() {
        // The first element is let go of when a second one arrives (asSingle) or on disposal;
        // its deinit sends into the same chain, which would deadlock under the sink's lock.
        let live = Counter()
        var observer: AnyObserver<LiveElement>?
        let source = Observable<LiveElement>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        var failures: [String] = []

        _ = source.asSingle().subscribe(onFailure: { failures.append("\($0)") })
        let reentrant = UncheckedSendable(observer)
        // The send from the first element's release re-enters the sink, which reports it.
        let reports = SynchronizationReports.collect {
            observer?.onNext(
                LiveElement(1, live: live, onRelease: { reentrant.value?.onNext(LiveElement(3, live: live)) }))
            observer?.onNext(LiveElement(2, live: live))
        }
        XCTAssertEqual(reports.count, 1, "the reentrant send is reported once: \(reports)")

        XCTAssertEqual(failures, ["\(RxError.moreThanOneElement)"])
        XCTAssertEqual(live.value, 0)

        let gathering = source.toArray().subscribe(onSuccess: { _ in })
        let again = UncheckedSendable(observer)
        observer?.onNext(LiveElement(4, live: live, onRelease: { again.value?.onNext(LiveElement(5, live: live)) }))
        gathering.dispose()
        XCTAssertEqual(live.value, 0)
        observer = nil
    }

    /// Stress: elements sent on one thread while another disposes; whatever the interleaving,
    /// nothing is kept afterwards and at most the grammar's events arrive.
    func testStressSendingRacingDisposalLeavesNothingBehind() {
        let senders = DispatchQueue(label: "traits.senders")
        let disposers = DispatchQueue(label: "traits.disposers")
        for round in 0..<200 {
            let live = Counter()
            let receiver = Locked<AnyObserver<LiveElement>?>(nil)
            let source = Observable<LiveElement>.create { observer in
                receiver.value = observer
                return Disposables.create()
            }
            let received = Locked<[String]>([])
            let subscription: any Disposable =
                switch round % 3 {
                case 0:
                    source.asSingle().subscribe(
                        onSuccess: { _ in received.mutate { $0.append("success") } },
                        onFailure: { error in received.mutate { $0.append("\(error)") } })
                case 1:
                    source.asMaybe().subscribe(
                        onSuccess: { _ in received.mutate { $0.append("success") } },
                        onError: { error in received.mutate { $0.append("\(error)") } })
                default:
                    source.toArray().subscribe(
                        onSuccess: { _ in received.mutate { $0.append("success") } },
                        onFailure: { error in received.mutate { $0.append("\(error)") } })
                }
            let sent = expectation(description: "sent")
            let disposed = expectation(description: "disposed")
            let handle = UncheckedSendable(subscription)
            senders.async {
                let observer = receiver.value
                for value in 0..<50 {
                    observer?.onNext(LiveElement(value, live: live))
                }
                observer?.onCompleted()
                sent.fulfill()
            }
            disposers.async {
                handle.value.dispose()
                disposed.fulfill()
            }
            wait(for: [sent, disposed], timeout: 5)
            receiver.value = nil

            XCTAssertEqual(live.value, 0, "round \(round)")
            XCTAssertLessThanOrEqual(received.value.count, 1, "round \(round)")
            if round % 3 == 0, let only = received.value.first {
                XCTAssertEqual(only, "\(RxError.moreThanOneElement)", "round \(round)")
            }
        }
    }
}
