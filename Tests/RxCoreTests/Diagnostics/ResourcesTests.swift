import RxCore
import RxDisposables
import RxTestSupport
import XCTest

/// The plainest observable: it counts itself and emits nothing.
private final class SilentObservable: Observable<Int> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Int {
        Disposables.create()
    }
}

final class ResourcesTests: RxTestCase {
    func testDebugBuildsTrack() {
        #if DEBUG
            XCTAssertTrue(Resources.isTracking)
        #else
            XCTAssertFalse(Resources.isTracking)
        #endif
    }

    func testObservablesAreCountedWhileAlive() throws {
        try XCTSkipUnless(Resources.isTracking)
        let baseline = Resources.total
        var observable: SilentObservable? = SilentObservable()
        XCTAssertEqual(Resources.total, baseline + 1)
        observable = nil
        XCTAssertNil(observable)
        XCTAssertEqual(Resources.total, baseline)
    }

    func testSinksAreCountedWhileAlive() throws {
        try XCTSkipUnless(Resources.isTracking)
        let baseline = Resources.total
        var sink: TestSink<AnyObserver<Int>>? = TestSink(observer: AnyObserver { _ in }, cancel: SinkDisposer())
        XCTAssertEqual(Resources.total, baseline + 1)
        sink = nil
        XCTAssertNil(sink)
        XCTAssertEqual(Resources.total, baseline)
    }

    func testSubclassesOfDisposeBaseAreCountedWhileAlive() throws {
        try XCTSkipUnless(Resources.isTracking)
        final class CustomDisposable: DisposeBase, Disposable {
            func dispose() {}
        }
        let baseline = Resources.total
        var disposable: CustomDisposable? = CustomDisposable()
        XCTAssertEqual(Resources.total, baseline + 1)
        XCTAssertTrue(Resources.liveObjectsByType.keys.contains { $0.hasPrefix("CustomDisposable") })
        disposable = nil
        XCTAssertNil(disposable)
        XCTAssertEqual(Resources.total, baseline)
    }

    func testObserversAreCountedWhileAlive() throws {
        try XCTSkipUnless(Resources.isTracking)
        let baseline = Resources.total
        var observer: AnonymousObserver<Int>? = AnonymousObserver { _ in }
        XCTAssertEqual(Resources.total, baseline + 1)
        observer = nil
        XCTAssertNil(observer)
        XCTAssertEqual(Resources.total, baseline)
    }

    func testASubscriptionCountsProducerSinkAndObserverAndReturnsToBaseline() throws {
        try XCTSkipUnless(Resources.isTracking)
        let baseline = Resources.total
        do {
            let slot = ObserverSlot<Int>()
            let source = TestProducer<Int> { slot.observer = $0 }
            let subscription = source.subscribe(onNext: { _ in })
            XCTAssertEqual(Resources.total, baseline + 3, "producer, sink, observer")
            subscription.dispose()
            slot.observer = nil
            XCTAssertEqual(Resources.total, baseline + 1, "only the producer is left")
        }
        XCTAssertEqual(Resources.total, baseline)
    }

    func testDebugBuildsCountLiveObjectsByTypeToo() throws {
        try XCTSkipUnless(Resources.isTracking)
        let before = Resources.liveObjectsByType
        var observables: [SilentObservable]? = [SilentObservable(), SilentObservable()]
        var observer: AnonymousObserver<String>? = AnonymousObserver { _ in }
        Resources.incrementTotal()

        let alive = Resources.liveObjectsByType
        XCTAssertEqual(alive["SilentObservable", default: 0] - before["SilentObservable", default: 0], 2)
        XCTAssertEqual(
            alive["AnonymousObserver<String>", default: 0] - before["AnonymousObserver<String>", default: 0], 1)
        XCTAssertEqual(
            alive["Resources.incrementTotal()", default: 0] - before["Resources.incrementTotal()", default: 0], 1)

        Resources.decrementTotal()
        observables = nil
        observer = nil
        XCTAssertNil(observables)
        XCTAssertNil(observer)
        XCTAssertEqual(Resources.liveObjectsByType, before)
    }

    func testManualCountingForCustomTypes() throws {
        try XCTSkipUnless(Resources.isTracking)
        let baseline = Resources.total
        XCTAssertEqual(Resources.incrementTotal(), baseline + 1)
        XCTAssertEqual(Resources.total, baseline + 1)
        XCTAssertEqual(Resources.decrementTotal(), baseline)
        XCTAssertEqual(Resources.total, baseline)
    }
}
