import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

final class UsingTests: RxTestCase {
    /// A resource that logs its disposal, with the virtual time.
    private final class Resource: Disposable {
        let scheduler: TestScheduler
        var disposedAt: [TestTime] = []
        var onDispose: () -> Void = {}

        init(scheduler: TestScheduler) {
            self.scheduler = scheduler
        }

        func dispose() {
            disposedAt.append(scheduler.clock)
            onDispose()
        }
    }

    func testTheResourceLivesAsLongAsTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(50)])
        var resources: [Resource] = []
        var createdAt: [TestTime] = []

        let res = scheduler.start {
            Observable.using(
                { () -> Resource in
                    createdAt.append(scheduler.clock)
                    let resource = Resource(scheduler: scheduler)
                    resources.append(resource)
                    return resource
                }, observableFactory: { _ in xs.asObservable() })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(250)])
        XCTAssertEqual(createdAt, [200])
        XCTAssertEqual(resources.map(\.disposedAt), [[250]])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testWithMarbles() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = try scheduler.createColdObservable("-a-b-#", error: TestError.boom)

        let res = scheduler.start {
            Observable.using({ BooleanDisposable() }, observableFactory: { _ in xs.asObservable() })
        }

        assertMarbles(res, "-a-b-#", error: TestError.boom)
        assertSubscriptions(xs, "^----!")
    }

    func testTheResourceIsDisposedAfterTheTerminalEventAndAfterTheSequencesSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        let resource = Resource(scheduler: scheduler)
        resource.onDispose = { log.append("resource disposed") }
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create { log.append("source disposed") }
        }

        _ = Observable.using({ resource }, observableFactory: { _ in source }).subscribe(
            onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })

        XCTAssertEqual(log, ["next 1", "completed", "source disposed", "resource disposed"])
    }

    func testAThrowingResourceFactorySendsItsError() {
        let scheduler = TestScheduler(initialClock: 0)
        var factoryCalled = false

        let res = scheduler.start {
            Observable<Int>.using(
                { () throws -> Resource in throw TestError.boom },
                observableFactory: { _ in
                    factoryCalled = true
                    return .never()
                })
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertFalse(factoryCalled)
    }

    func testAThrowingObservableFactorySendsItsErrorThenDisposesTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        let resource = Resource(scheduler: scheduler)
        var log: [String] = []
        resource.onDispose = { log.append("resource disposed") }

        let res = scheduler.start {
            Observable<Int>.using({ resource }, observableFactory: { _ in throw TestError.other })
                .do(onError: { _ in log.append("error") })
        }

        XCTAssertEqual(res.events, [.error(200, TestError.other)])
        XCTAssertEqual(log, ["error", "resource disposed"])
    }

    func testDisposingMidStreamDisposesTheSubscriptionThenTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(60, 2), .completed(70)])
        let resource = Resource(scheduler: scheduler)

        let res = scheduler.start(disposed: 230) {
            Observable.using({ resource }, observableFactory: { _ in xs.asObservable() })
        }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(resource.disposedAt, [230])
    }

    func testEachSubscriberGetsItsOwnResource() {
        var made = 0
        var disposed = 0
        let shared = Observable<Int>.using(
            { () -> Resource in
                made += 1
                let resource = Resource(scheduler: TestScheduler(initialClock: 0))
                resource.onDispose = { disposed += 1 }
                return resource
            }, observableFactory: { _ in .just(made) })
        var received: [Int] = []

        _ = shared.subscribe(onNext: { received.append($0) })
        _ = shared.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(made, 2)
        XCTAssertEqual(disposed, 2)
    }
}
