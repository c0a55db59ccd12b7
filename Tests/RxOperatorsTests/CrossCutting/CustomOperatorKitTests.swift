import RxCore
import RxDisposables
import RxOperators
import RxTestSupport
import XCTest

/// A user's operator, written outside the package with its public kit only: the producer's `run`
/// can end only by handing the sink its upstream, so disposal reaches the source whether the
/// operator is subscribed at the end of a chain or in its middle.
final class CustomOperatorKitTests: RxTestCase {
    func testACustomOperatorDeliversAndEndsLikeThePackagesOwn() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])

        let observer = scheduler.start { Doubled(source: source.asObservable()).map { $0 + 1 } }

        XCTAssertEqual(observer.events, [.next(210, 3), .next(220, 5), .next(230, 7), .completed(240)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 240)])
    }

    func testDisposingAChainDisposesTheCustomOperatorsUpstreamOnce() {
        for position in ["last", "middle"] {
            let log = DisposalLog()
            let upstream = Observable<Int>.create { _ in Disposables.create { log.record() } }
            let doubled = Doubled(source: upstream)
            let chain = position == "last" ? doubled : doubled.map { $0 }
            let subscription = chain.subscribe()

            XCTAssertEqual(log.count, 0, position)
            subscription.dispose()
            subscription.dispose()
            XCTAssertEqual(log.count, 1, "the custom operator's upstream is disposed once (\(position) in the chain)")
        }
    }

    func testAThrowingElementEndsTheSubscriptionAndDisposesTheUpstream() {
        let log = DisposalLog()
        let upstream = Observable<Int>.create { observer in
            observer.onNext(Doubled<Int>.failing)
            observer.onNext(2)
            return Disposables.create { log.record() }
        }
        var events: [Event<Int>] = []

        _ = Doubled(source: upstream).map { $0 }.subscribe { events.append($0) }

        XCTAssertEqual(events, [.error(Doubled<Int>.Overflow())])
        XCTAssertEqual(log.count, 1)
    }
}

/// Doubles each element; an element equal to `failing` ends the sequence with `Overflow`.
private final class Doubled<Element: BinaryInteger & Sendable>: Producer<Element> {
    struct Overflow: Error, Equatable {}
    static var failing: Element { 99 }

    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = DoubledSink(observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

private final class DoubledSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding
where Observer.Element: BinaryInteger & Sendable {
    typealias Element = Observer.Element

    func onNext(_ element: Element) {
        if element == Doubled<Element>.failing {
            forwardErrorAndDispose(Doubled<Element>.Overflow())
        } else {
            forwardNext(element * 2)
        }
    }
}

/// Counts disposals, from any thread.
private final class DisposalLog: Sendable {
    private let disposals = RxMutex(0)

    var count: Int { disposals.withLock { $0 } }

    func record() { disposals.withLock { $0 += 1 } }
}
