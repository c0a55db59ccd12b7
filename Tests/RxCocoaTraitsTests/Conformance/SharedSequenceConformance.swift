// The conformance rows of the operators of drivers and signals (Sources/RxCocoaTraits): each runs
// with the sharing scheduler mocked as the row's test scheduler, so a driver made from the row's
// source delivers one tick late, as `observe(on:)` does, and a driver made by a creation function
// sends its first element one tick after it is subscribed to (so an inner driver of the flatMap
// family is subscribed to a tick late).

import Dispatch
import RxCocoaTraits
import RxCore
import RxOperators
import RxTestHelpers
import RxTestSupport
import Testing

extension CocoaTraitsConformance {
    static let sharedSequence: [ConformanceRow] = [
        .passingThrough("asDriver(onErrorJustReturn:)", deliveredLateBy: 1, around: sharing) { source, _ in
            source.asDriver(onErrorJustReturn: -1).asObservable()
        },
        .passingThrough("asDriver", on: .infallible, deliveredLateBy: 1, around: sharing) { source, _ in
            source.asInfallible(onErrorJustReturn: -1).asDriver().asObservable()
        },
        .passingThrough("asDriver", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            source.driver.asDriver().asObservable()
        },
        .passingThrough("asSignal(onErrorJustReturn:)", deliveredLateBy: 1, around: sharing) { source, _ in
            source.asSignal(onErrorJustReturn: -1).asObservable()
        },
        .passingThrough("asSignal", on: .signal, deliveredLateBy: 1, around: sharing) { source, _ in
            source.asSignal(onErrorJustReturn: -1).asSignal().asObservable()
        },
        .passingThrough("asSharedSequence(sharingStrategy:onErrorJustReturn:)", deliveredLateBy: 1, around: sharing) {
            source, _ in
            source.asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: -1).asObservable()
        },
        .passingThrough("asSharedSequence", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            source.driver.asSharedSequence().asObservable()
        },
        .passingThrough("asObservable", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            source.driver.asObservable()
        },
        .passingThrough("asInfallible", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            source.driver.asInfallible().asObservable()
        },

        .creating("just", on: .driver, sends: [.next(201, 1), .completed(201)], around: sharing) { _ in
            Driver.just(1).asObservable()
        },
        .creating("empty", on: .driver, sends: [.completed(201)], around: sharing) { _ in
            Driver<Int>.empty().asObservable()
        },
        .creating("never", on: .driver, sends: [], around: sharing) { _ in Driver<Int>.never().asObservable() },
        .passingThrough("deferred", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            Driver.deferred { source.driver }.asObservable()
        },
        .creating("of", on: .driver, sends: [.next(201, 1)], around: sharing) { _ in
            Driver.of(1, 2, 3).asObservable()
        },
        .creating("from", on: .driver, sends: [.next(201, 1)], around: sharing) { _ in
            Driver.from([1, 2, 3]).asObservable()
        },
        .creating("interval", on: .driver, sends: [.next(201, 0)], around: sharing) { _ in
            Driver<Int>.interval(.seconds(1)).asObservable()
        },
        .creating("timer", on: .driver, sends: [.next(201, 0)], around: sharing) { _ in
            Driver<Int>.timer(.seconds(1), period: .seconds(1)).asObservable()
        },

        .passingThrough("map", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            source.driver.map { $0 }.asObservable()
        },
        .passingThrough("compactMap", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            source.driver.compactMap { $0 }.asObservable()
        },
        .passingThrough("filter", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            source.driver.filter { _ in true }.asObservable()
        },
        .passingThrough("scan", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            source.driver.scan(0) { _, element in element }.asObservable()
        },
        .passingThrough("distinctUntilChanged", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            source.driver.distinctUntilChanged().asObservable()
        },
        .passingThrough("skip", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            source.driver.skip(0).asObservable()
        },
        .creating("startWith", on: .driver, sends: [.next(200, 0), .next(201, 1)], around: sharing) { _ in
            Driver.of(1, 2, 3).startWith(0).asObservable()
        },
        .passingThrough("do", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            source.driver.do(onNext: { _ in }, onDispose: {}).asObservable()
        },
        .passingThrough("debug", on: .driver, deliveredLateBy: 1, around: quietSharing) { source, _ in
            source.driver.debug("conformance").asObservable()
        },
        .passingThrough("withUnretained", on: .signal, deliveredLateBy: 1, around: sharing) { source, scheduler in
            source.asSignal(onErrorJustReturn: -1).withUnretained(scheduler) { _, element in element }.asObservable()
        },
        .passingThrough("flatMap", on: .driver, deliveredLateBy: 1, subscribedLateBy: 1, around: sharing) { source, _ in
            Driver.just(0).flatMap { _ in source.driver }.asObservable()
        },
        .passingThrough("flatMapFirst", on: .driver, deliveredLateBy: 1, subscribedLateBy: 1, around: sharing) {
            source, _ in
            Driver.just(0).flatMapFirst { _ in source.driver }.asObservable()
        },
        .passingThrough("flatMapLatest", on: .driver, deliveredLateBy: 1, subscribedLateBy: 1, around: sharing) {
            source, _ in
            Driver.just(0).flatMapLatest { _ in source.driver }.asObservable()
        },
        .passingThrough("switchLatest", on: .driver, deliveredLateBy: 1, subscribedLateBy: 1, around: sharing) {
            source, _ in
            Driver.just(source.driver).switchLatest().asObservable()
        },
        .passingThrough("merge", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            Driver.merge(source.driver, Driver.empty()).asObservable()
        },
        .passingThrough("merge(maxConcurrent:)", on: .driver, deliveredLateBy: 1, subscribedLateBy: 1, around: sharing)
        {
            source, _ in
            Driver.just(source.driver).merge(maxConcurrent: 1).asObservable()
        }
        .stopping("merge(maxConcurrent:): maxConcurrent must be positive, but it is 0") {
            _ = Driver.just(Driver.just(1)).merge(maxConcurrent: 0)
        },
        .passingThrough("concat", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            Driver.concat([source.driver]).asObservable()
        },
        .passingThrough("combineLatest", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            Driver.combineLatest(source.driver, Driver.just(0)) { element, _ in element }.asObservable()
        },
        .passingThrough("zip", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            Driver.zip(source.driver, Driver.just(0)) { element, _ in element }.asObservable()
        },
        .passingThrough("withLatestFrom", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            source.driver.withLatestFrom(Driver.just(0)) { element, _ in element }.asObservable()
        },
        .passingThrough("throttle", on: .driver, deliveredLateBy: 1, around: sharing) { source, _ in
            source.driver.throttle(.seconds(5)).asObservable()
        },
        .creating("debounce", on: .driver, sends: [], around: sharing) { _ in
            Driver.of(1, 2, 3).debounce(.seconds(10)).asObservable()
        },
        .passingThrough("delay", on: .driver, deliveredLateBy: 2, around: sharing) { source, _ in
            source.driver.delay(.seconds(1)).asObservable()
        },
    ]
}

/// Runs a check with the sharing scheduler mocked as its test scheduler.
private let sharing: ConformanceRow.Environment = { scheduler, body in
    SharingScheduler.mock(scheduler: scheduler, action: body)
}

/// `sharing`, with `debug`'s lines (those written on the scheduler's thread) sent nowhere.
private let quietSharing: ConformanceRow.Environment = { scheduler, body in
    let discard: @Sendable (String) -> Void = { _ in }
    DebugOutput.$redirect.withValue(discard) {
        SharingScheduler.mock(scheduler: scheduler, action: body)
    }
}

extension Observable<Int> {
    /// This sequence as a driver, for the rows of the drivers' operators.
    fileprivate var driver: Driver<Int> { asDriver(onErrorJustReturn: -1) }
}
