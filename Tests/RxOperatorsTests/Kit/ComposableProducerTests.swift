import RxDisposables
import RxTestHelpers
import RxTestSupport
import XCTest

@testable import RxCore
@testable import RxOperators

/// ``ComposableProducer``, the fusion hook: which sources `composedMap` and `composedFilter`
/// ask, what they hand back, and the helpers that compose closures without changing which run,
/// in which order, or where the first error stops them.
final class ComposableProducerTests: RxTestCase {
    /// A producer that records what the hook asks it and answers with `answer`.
    final class Asked: ComposableProducer<Int> {
        var mapsAsked = 0
        var filtersAsked = 0
        let answers: Bool

        init(answers: Bool) {
            self.answers = answers
        }

        override func composeMap<Result>(
            _ transform: @escaping (Int) throws -> Result, isolation: HandlerIsolation
        ) -> Observable<Result>? {
            mapsAsked += 1
            return answers ? Observable.just(try! transform(20)) : nil
        }

        override func composeFilter(
            _ predicate: @escaping (Int) throws -> Bool, isolation: HandlerIsolation
        ) -> Observable<Int>? {
            filtersAsked += 1
            return answers ? Observable.of(1, 2, 3).filter { try! predicate($0) } : nil
        }

        override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
        where Observer.Element == Int {
            let sink = Sink(observer: observer, cancel: cancel)
            sink.forwardCompletedAndDispose()
            return sink.holding(Disposables.create())
        }
    }

    private let isolation = HandlerIsolation(nil)

    /// The elements a synchronous `source` sends, which must complete.
    private func elements(of source: Observable<Int>) -> [Int] {
        var elements: [Int] = []
        var completed = false
        _ = source.subscribe(onNext: { elements.append($0) }, onCompleted: { completed = true })
        XCTAssertTrue(completed)
        return elements
    }

    func testTheHookAsksAComposableProducerAndReturnsItsStage() {
        let producer = Asked(answers: true)

        let mapped = producer.composedMap({ $0 + 1 }, isolation: isolation)
        let filtered = producer.composedFilter({ $0 != 2 }, isolation: isolation)

        XCTAssertEqual(producer.mapsAsked, 1)
        XCTAssertEqual(producer.filtersAsked, 1)
        XCTAssertEqual(mapped.map(elements), [21])
        XCTAssertEqual(filtered.map(elements), [1, 3])
    }

    func testAProducerThatCannotAbsorbLeavesTheOperatorToMakeItsOwnStage() {
        let producer = Asked(answers: false)

        XCTAssertNil(producer.composedMap({ $0 + 1 }, isolation: isolation))
        XCTAssertNil(producer.composedFilter({ _ in true }, isolation: isolation))
        XCTAssertEqual(producer.mapsAsked, 1)
        XCTAssertEqual(producer.filtersAsked, 1)
        // `map` then makes a stage of its own around the producer, and its events are unchanged.
        XCTAssertEqual(elements(of: producer.map { $0 + 1 }), [])
    }

    func testTheHookAsksNothingOfASourceThatIsNoComposableProducer() {
        let subject = PublishSubject<Int>()

        XCTAssertNil(subject.composedMap({ $0 + 1 }, isolation: isolation))
        XCTAssertNil(subject.composedFilter({ _ in true }, isolation: isolation))
    }

    func testAMapAfterAnAbsorbedFilterIsAStageOfItsOwn() {
        let stage = PublishSubject<Int>().map { $0 + 1 }

        let mapAndFilter = stage.composedFilter({ $0 > 0 }, isolation: HandlerIsolation(nil))
        let mapAfterBoth = mapAndFilter?.composedMap({ $0 * 2 }, isolation: HandlerIsolation(nil))

        XCTAssertNotNil(mapAndFilter, "a map's stage absorbs a filter")
        XCTAssertNil(mapAfterBoth, "the predicate would have to run between the two transforms")
    }

    func testCompositionRunsBothTransformsInOrderAndStopsAtTheFirstError() throws {
        var calls: [String] = []
        let twice = composition(
            { (value: Int) -> Int in
                calls.append("first(\(value))")
                if value < 0 { throw TestError.boom }
                return value * 2
            },
            { (value: Int) -> String in
                calls.append("second(\(value))")
                return "\(value)"
            })

        XCTAssertEqual(try twice(3), "6")
        XCTAssertThrowsError(try twice(-1)) { XCTAssertEqual($0 as? TestError, .boom) }
        XCTAssertEqual(calls, ["first(3)", "second(6)", "first(-1)"])
    }

    func testTheSecondPredicateRunsOnlyForElementsTheFirstAccepts() throws {
        var seconds: [Int] = []
        let both = AbsorbedFilter<Int>.none.appending { $0.isMultiple(of: 2) }.appending {
            seconds.append($0)
            if $0 == 8 { throw TestError.boom }
            return $0 > 2
        }
        guard case .predicate(let predicate) = both else { return XCTFail("no predicate") }

        XCTAssertEqual(try [1, 2, 3, 4].filter(predicate), [4])
        XCTAssertThrowsError(try predicate(8))
        XCTAssertEqual(seconds, [2, 4, 8])
        XCTAssertTrue(AbsorbedFilter<Int>.none.admitsMap)
        XCTAssertFalse(both.admitsMap)
    }
}
