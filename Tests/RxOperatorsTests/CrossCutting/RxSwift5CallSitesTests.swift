import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Testing

@MainActor private var keptModel: RxSwift5ViewModel?

/// Old code's calls of the deprecated spellings (`RxSwift5CallSites.swift`) compile, pick the
/// forms with `isolation:`, and do what the replacements do.
@Suite(.leakChecked)
struct RxSwift5CallSitesTests {
    @Test func aSinglesSubscribeWithOnSuccessAndOnErrorCompilesAndCallsTheRightOne() {
        let log = Locked<[String]>([])

        rxSwift5Code.subscribe(.just(1), log: log).dispose()
        rxSwift5Code.subscribe(.error(TestError.boom), log: log).dispose()

        #expect(log.value == ["success 1", "error boom"])
    }

    @Test func chainsOfDeprecatedSpellingsSendWhatTheReplacementsSend() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 5), .next(240, 6), .completed(250),
        ])
        let other = scheduler.createHotObservable([.next(300, 0)])
        let retryScheduler = TestScheduler(initialClock: 0)
        let failing = retryScheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let filtered = scheduler.start { rxSwift5Code.filtered(source.asObservable(), until: other.asObservable()) }
        let recovered = TestScheduler(initialClock: 0).start { rxSwift5Code.recovered(.error(TestError.boom)) }
        let retried = retryScheduler.start { rxSwift5Code.retried(failing.asObservable()) }

        #expect(filtered.events == [.next(220, 2), .next(230, 5), .completed(230)])
        #expect(recovered.events == [.next(200, -1), .completed(200)])
        #expect(retried.events == [.next(210, 1), .next(230, 1), .completed(240)])
        #expect(failing.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
    }

    @Test func aDeprecatedSpellingsClosureWrittenInMainActorCodeIsCheckedAsItsReplacementsIs() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = RxSwift5ViewModel()
                rxSwift5Code.bindSkipWhile(model, on: SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
                keptModel = model
                model.input.onNext(1)
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the skip(while:) closure was written in main-actor code"))
    }

    @MainActor
    @Test func theSameClosureOnTheMainSchedulerRuns() async {
        let model = RxSwift5ViewModel()
        rxSwift5Code.bindSkipWhile(model, on: MainScheduler.instance)

        model.input.onNext(1)
        for _ in 0..<1_000 where model.seen.isEmpty {
            try? await Task.sleep(for: .milliseconds(10))
        }

        #expect(model.seen == [1])
        model.subscription?.dispose()
    }
}
