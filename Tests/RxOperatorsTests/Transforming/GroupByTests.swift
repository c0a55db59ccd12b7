import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// Records what `groupBy` sends in virtual time: each group's key on ``outer``, and each group's
/// events on an observer of its own, subscribed from the handler that receives the group.
private final class GroupRecorder<Key: Hashable, Element> {
    let outer: TestableObserver<Key>
    private(set) var groups: [Key: TestableObserver<Element>] = [:]
    private(set) var outerSubscription: (any Disposable)?
    private var groupSubscriptions: [Key: any Disposable] = [:]
    private let scheduler: TestScheduler

    /// Subscribes to `grouped` at `subscribed`, and disposes everything still subscribed at
    /// `disposed`.
    init(
        _ scheduler: TestScheduler, subscribed: TestTime = 200, disposed: TestTime = 1000,
        _ grouped: @escaping () -> Observable<GroupedObservable<Key, Element>>
    ) {
        self.scheduler = scheduler
        outer = scheduler.createObserver(Key.self)
        scheduler.scheduleAt(subscribed) { [self] in
            outerSubscription = grouped().subscribe(
                onNext: { [self] group in
                    outer.onNext(group.key)
                    let observer = scheduler.createObserver(Element.self)
                    groups[group.key] = observer
                    groupSubscriptions[group.key] = group.subscribe(observer)
                },
                onError: { [self] in outer.onError($0) }, onCompleted: { [self] in outer.onCompleted() })
        }
        scheduler.scheduleAt(disposed) { [self] in
            disposeOuter()
            for key in Array(groupSubscriptions.keys) { disposeGroup(key) }
        }
    }

    func disposeOuter() {
        outerSubscription?.dispose()
        outerSubscription = nil
    }

    func disposeGroup(_ key: Key) {
        groupSubscriptions.removeValue(forKey: key)?.dispose()
    }

    func events(of key: Key) -> [Recorded<Event<Element>>] {
        groups[key]?.events ?? []
    }
}

final class GroupByTests: RxTestCase {
    private func fruit(_ scheduler: TestScheduler, ending: Recorded<Event<String>> = .completed(300))
        -> TestableObservable<String>
    {
        scheduler.createHotObservable([
            .next(150, "almond"), .next(210, "apple"), .next(220, "avocado"), .next(230, "banana"),
            .next(240, "apricot"), .next(250, "blueberry"), .next(260, "cherry"), ending,
        ])
    }

    private func initial(_ name: String) -> Character {
        name.first!
    }

    func testAGroupIsSentBeforeItsFirstElementAndEveryGroupEndsWithTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = fruit(scheduler)

        let recorder = GroupRecorder(scheduler) { xs.groupBy(keySelector: self.initial) }
        scheduler.start()

        XCTAssertEqual(recorder.outer.events, [.next(210, "a"), .next(230, "b"), .next(260, "c"), .completed(300)])
        XCTAssertEqual(
            recorder.events(of: "a"),
            [.next(210, "apple"), .next(220, "avocado"), .next(240, "apricot"), .completed(300)])
        XCTAssertEqual(recorder.events(of: "b"), [.next(230, "banana"), .next(250, "blueberry"), .completed(300)])
        XCTAssertEqual(recorder.events(of: "c"), [.next(260, "cherry"), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createHotObservable(
            "-1-^-1-2-3-4-5-|", values: ["1": 1, "2": 2, "3": 3, "4": 4, "5": 5])

        let recorder = GroupRecorder(scheduler) { xs.groupBy { $0.isMultiple(of: 2) ? "even" : "odd" } }
        scheduler.start()

        assertMarbles(recorder.outer, "--o-e-------|", values: ["o": "odd", "e": "even"])
        assertMarbles(try XCTUnwrap(recorder.groups["odd"]), "--1---3---5-|")
        assertMarbles(try XCTUnwrap(recorder.groups["even"]), "----2---4---|")
        assertSubscriptions(xs, "^-----------!")
    }

    func testAnErrorFromTheSourceEndsEveryGroupThenTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = fruit(scheduler, ending: .error(270, TestError.boom))

        let recorder = GroupRecorder(scheduler) { xs.groupBy(keySelector: self.initial) }
        scheduler.start()

        XCTAssertEqual(
            recorder.outer.events, [.next(210, "a"), .next(230, "b"), .next(260, "c"), .error(270, TestError.boom)])
        XCTAssertEqual(recorder.events(of: "a").last, .error(270, TestError.boom))
        XCTAssertEqual(recorder.events(of: "b").last, .error(270, TestError.boom))
        XCTAssertEqual(recorder.events(of: "c"), [.next(260, "cherry"), .error(270, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
    }

    func testAThrowingKeySelectorErrorsEveryGroupAndTheSequenceAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = fruit(scheduler)

        let recorder = GroupRecorder(scheduler) {
            xs.groupBy { (name: String) throws -> Character in
                if name == "apricot" { throw TestError.boom }
                return name.first!
            }
        }
        scheduler.start()

        XCTAssertEqual(recorder.outer.events, [.next(210, "a"), .next(230, "b"), .error(240, TestError.boom)])
        XCTAssertEqual(
            recorder.events(of: "a"), [.next(210, "apple"), .next(220, "avocado"), .error(240, TestError.boom)])
        XCTAssertEqual(recorder.events(of: "b"), [.next(230, "banana"), .error(240, TestError.boom)])
        XCTAssertNil(recorder.groups["c"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testAKeySelectorThrowingOnTheFirstElementSendsOnlyTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = fruit(scheduler)

        let res = scheduler.start {
            xs.groupBy { (_: String) throws -> Int in throw TestError.boom }.map { $0.key }
        }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testDisposingTheSequenceWhileAGroupIsSubscribedKeepsTheSourceUntilTheGroupLeaves() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, "apple"), .next(220, "banana"), .next(240, "apricot"), .next(245, "cherry"),
            .next(250, "blueberry"), .next(252, "avocado"), .next(260, "almond"), .completed(300),
        ])

        let recorder = GroupRecorder(scheduler) { xs.groupBy(keySelector: self.initial) }
        scheduler.scheduleAt(235) { recorder.disposeOuter() }
        scheduler.scheduleAt(236) { recorder.disposeGroup("b") }
        scheduler.scheduleAt(255) { recorder.disposeGroup("a") }
        scheduler.start()

        // No group is sent after the subscriber left: "cherry" at 245 makes none.
        XCTAssertEqual(recorder.outer.events, [.next(210, "a"), .next(220, "b")])
        XCTAssertEqual(
            recorder.events(of: "a"), [.next(210, "apple"), .next(240, "apricot"), .next(252, "avocado")])
        XCTAssertEqual(recorder.events(of: "b"), [.next(220, "banana")])
        XCTAssertNil(recorder.groups["c"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 255)], "the source is kept until the last group leaves")
    }

    func testDisposingTheSequenceBeforeAnyGroupIsSubscribedUnsubscribesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = fruit(scheduler)

        let res = scheduler.start(disposed: 235) { xs.groupBy(keySelector: self.initial).map { $0.key } }

        XCTAssertEqual(res.events, [.next(210, "a"), .next(230, "b")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
    }

    func testAGroupSendsOnlyWhatArrivesWhileItIsSubscribedAndItsEndToALateSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = fruit(scheduler)
        var groups: [Character: GroupedObservable<Character, String>] = [:]
        let late = scheduler.createObserver(String.self)
        let afterTheEnd = scheduler.createObserver(String.self)
        let bag = CompositeDisposable()

        scheduler.scheduleAt(200) {
            _ = bag.insert(xs.groupBy(keySelector: self.initial).subscribe(onNext: { groups[$0.key] = $0 }))
        }
        scheduler.scheduleAt(225) { _ = bag.insert(groups["a"]!.subscribe(late)) }
        scheduler.scheduleAt(400) { _ = bag.insert(groups["b"]!.subscribe(afterTheEnd)) }
        scheduler.scheduleAt(1000) { bag.dispose() }
        scheduler.start()

        XCTAssertEqual(late.events, [.next(240, "apricot"), .completed(300)])
        XCTAssertEqual(afterTheEnd.events, [.completed(400)])
        XCTAssertEqual(groups.keys.sorted(), ["a", "b", "c"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testAGroupsKeyAndObservableAreItsOwn() {
        let received = Locked<[String]>([])
        var keys: [Int] = []

        let subscription = Observable.of("one", "two", "three", "four").groupBy { $0.count }
            .subscribe(onNext: { group in
                keys.append(group.key)
                _ = group.asObservable().subscribe(onNext: { name in received.mutate { $0.append(name) } })
            })

        XCTAssertEqual(keys, [3, 5, 4])
        XCTAssertEqual(received.value, ["one", "two", "three", "four"])
        subscription.dispose()
    }

    func testEachSubscriptionMakesItsOwnGroups() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let grouped = xs.groupBy { $0 % 2 }.map { $0.key }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = grouped.subscribe(first) }
        scheduler.scheduleAt(205) { _ = grouped.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 0), .completed(240)])
        XCTAssertEqual(second.events, [.next(215, 1), .next(225, 0), .completed(245)])
    }

    // MARK: - Bounded retention and disposal (CONTRIBUTING.md rules 1 and 3)

    func testElementsAreNotKeptOnceDeliveredNorAfterTheSequenceIsDisposed() {
        let live = Counter()
        var observer: AnyObserver<LiveElement>?
        let source = Observable<LiveElement>.create { receiver in
            observer = receiver
            return Disposables.create()
        }
        var totals: [Int: Int] = [:]
        var groupSubscriptions: [any Disposable] = []
        let outer = source.groupBy { $0.value % 3 }.subscribe(onNext: { group in
            groupSubscriptions.append(group.subscribe(onNext: { totals[group.key, default: 0] += $0.value }))
        })

        for value in 1...300 {
            observer?.onNext(LiveElement(value, live: live))
        }
        XCTAssertEqual(totals.values.reduce(0, +), 45_150)
        XCTAssertEqual(live.value, 0, "groupBy keeps the keys, never the elements")

        outer.dispose()
        for value in 301...600 {
            observer?.onNext(LiveElement(value, live: live))
        }
        XCTAssertEqual(totals.values.reduce(0, +), 45_150 + (301...600).reduce(0, +), "the groups go on")
        XCTAssertEqual(live.value, 0)

        for subscription in groupSubscriptions { subscription.dispose() }
        observer = nil
    }

    func testNothingIsKeptOrSentAfterEverySubscriberLeftWhenTheSourceIgnoresDisposal() {
        let live = Counter()
        let source = DisposalIgnoringObservable<LiveElement>()
        var groupsReceived = 0
        var elementsReceived = 0
        var groupSubscription: (any Disposable)?
        let outer = source.groupBy { $0.value % 2 }.subscribe(onNext: { group in
            groupsReceived += 1
            if groupSubscription == nil {
                groupSubscription = group.subscribe(onNext: { _ in elementsReceived += 1 })
            }
        })
        let sink = source.observer!
        sink.onNext(LiveElement(0, live: live))
        sink.onNext(LiveElement(1, live: live))

        outer.dispose()
        XCTAssertEqual(source.disposals.value, 0, "a group is still subscribed")
        groupSubscription?.dispose()
        XCTAssertEqual(source.disposals.value, 1, "the last group left")

        for value in 2..<10_002 {
            sink.onNext(LiveElement(value, live: live))
        }
        sink.onCompleted()

        XCTAssertEqual(groupsReceived, 2)
        XCTAssertEqual(elementsReceived, 1)
        XCTAssertEqual(live.value, 0, "elements sent after the source was unsubscribed were kept")
        source.forget()
    }

    func testTheSourceIsUnsubscribedOnceWhenTheSequenceAndEveryGroupLeave() {
        let disposals = Counter()
        let subject = PublishSubject<Int>()
        let source = subject.do(onDispose: { disposals.increment() })
        var groupSubscriptions: [any Disposable] = []
        let outer = source.groupBy { $0 }.subscribe(onNext: { groupSubscriptions.append($0.subscribe()) })

        subject.onNext(1)
        subject.onNext(2)
        groupSubscriptions[0].dispose()
        outer.dispose()
        XCTAssertEqual(disposals.value, 0)
        groupSubscriptions[1].dispose()
        groupSubscriptions[1].dispose()
        outer.dispose()

        XCTAssertEqual(disposals.value, 1)
        XCTAssertFalse(subject.hasObservers)
    }

    // MARK: - Threads

    func testGroupsSubscribedAndLeftOnOtherThreadsWhileTheSourceSends() {
        let rounds = 50
        for _ in 0..<rounds {
            let subject = PublishSubject<Int>()
            let disposals = Counter()
            let received = Counter()
            let subscribers = DispatchGroup()
            let queue = DispatchQueue(label: "group-by.subscribers", attributes: .concurrent)
            let outer = subject.do(onDispose: { disposals.increment() }).groupBy { $0 % 4 }
                .subscribe(onNext: { group in
                    let handle = UncheckedSendable(group)
                    queue.async(group: subscribers) {
                        let subscription = handle.value.subscribe(onNext: { _ in received.increment() })
                        for _ in 0..<50 { _ = handle.value.key }
                        subscription.dispose()
                    }
                })
            for value in 0..<400 {
                subject.onNext(value)
            }
            outer.dispose()
            XCTAssertEqual(subscribers.wait(timeout: .now() + 5), .success)
            XCTAssertEqual(disposals.value, 1, "the source is unsubscribed once everybody left")
            XCTAssertLessThanOrEqual(received.value, 400)
        }
    }
}
