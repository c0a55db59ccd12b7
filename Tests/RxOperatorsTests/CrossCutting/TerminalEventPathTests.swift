import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// Terminal events cross the operators through `onCompleted()` and `onError(_:)`, which
/// observers may implement themselves (as they may `onNext(_:)`); these pin that both an observer
/// with only `on(_:)` and one with its own terminal methods see each event exactly once.
final class TerminalEventPathTests: RxTestCase {
    /// Records which of its entry points each event came through.
    private final class EntryPointObserver: ObserverType {
        var log: [String] = []

        func on(_ event: Event<Int>) {
            log.append("on(\(event))")
        }

        func onNext(_ element: Int) {
            log.append("onNext(\(element))")
        }

        func onCompleted() {
            log.append("onCompleted")
        }

        func onError(_ error: any Error) {
            log.append("onError(\(error))")
        }
    }

    /// Implements only `on(_:)`, as every RxSwift observer does.
    private final class EventOnlyObserver: ObserverType {
        var log: [String] = []

        func on(_ event: Event<Int>) {
            log.append("\(event)")
        }
    }

    private func chains(_ source: Observable<Int>) -> [(String, Observable<Int>)] {
        [
            ("map", source.map { $0 * 10 }),
            ("filter", source.filter { $0 > 0 }),
            ("map.filter", source.map { $0 * 10 }.filter { $0 > 0 }),
            ("compactMap", source.compactMap { $0 }),
            ("take", source.take(5)),
            ("skip", source.skip(0)),
            ("takeWhile", source.take(while: { $0 < 9 })),
        ]
    }

    func testCompletionReachesAnObserverThroughItsOwnOnCompleted() {
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onCompleted()
            return Disposables.create()
        }
        for (name, chain) in chains(source) {
            let observer = EntryPointObserver()
            chain.subscribe(observer).dispose()
            XCTAssertEqual(observer.log.last, "onCompleted", name)
            XCTAssertEqual(observer.log.filter { $0.hasPrefix("on(") }, [], "\(name): no event was built for it")
            XCTAssertEqual(observer.log.count, 2, name)
        }
    }

    func testAnErrorReachesAnObserverThroughItsOwnOnError() {
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onError(TestError.boom)
            observer.onCompleted()
            return Disposables.create()
        }
        for (name, chain) in chains(source) {
            let observer = EntryPointObserver()
            chain.subscribe(observer).dispose()
            XCTAssertEqual(observer.log.count, 2, name)
            XCTAssertEqual(observer.log.last, "onError(boom)", name)
        }
    }

    func testAnObserverWithOnlyOnReceivesTerminalEventsAsEvents() {
        let completing = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        let failing = Observable<Int>.create { observer in
            observer.onError(TestError.other)
            return Disposables.create()
        }
        for (name, chain) in chains(completing) {
            let observer = EventOnlyObserver()
            chain.subscribe(observer).dispose()
            XCTAssertEqual(observer.log.count, 2, name)
            XCTAssertEqual(observer.log.last, "completed", name)
        }
        for (name, chain) in chains(failing) {
            let observer = EventOnlyObserver()
            chain.subscribe(observer).dispose()
            XCTAssertEqual(observer.log, ["error(other)"], name)
        }
    }

    func testEventsSentAsEventsLeaveThroughTheTerminalMethods() {
        // A source outside the framework sends `on(.completed)`; the operator passes it on
        // through `onCompleted()`, once.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20), .completed(30)])
        let observer = EntryPointObserver()
        let subscription = xs.asObservable().map { $0 + 1 }.subscribe(observer)
        scheduler.start()
        subscription.dispose()

        XCTAssertEqual(observer.log, ["onNext(2)", "onCompleted"])
    }
}
