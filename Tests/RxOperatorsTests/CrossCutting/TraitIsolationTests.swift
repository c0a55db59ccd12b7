import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Testing

/// A main-actor model whose trait closures touch its state.
@MainActor
private final class TraitModel {
    var value = 0
    var subscription: (any Disposable)?

    func succeed(on scheduler: any ImmediateSchedulerType) {
        subscription = Single.just(1).observe(on: scheduler).subscribe(onSuccess: { self.value = $0 })
    }

    func receiveEvent(on scheduler: any ImmediateSchedulerType) {
        subscription = Single.just(1).observe(on: scheduler).subscribe { _ in self.value += 1 }
    }

    func complete(on scheduler: any ImmediateSchedulerType) {
        subscription = Completable.empty().observe(on: scheduler).subscribe(onCompleted: { self.value += 1 })
    }

    func fail(on scheduler: any ImmediateSchedulerType) {
        subscription = Maybe<Int>.error(TestError.boom).observe(on: scheduler).subscribe(onError: { _ in
            self.value += 1
        })
    }

    func map(on scheduler: any ImmediateSchedulerType) {
        subscription = Maybe.just(1).observe(on: scheduler).map { element in
            self.value = element
            return element
        }
        .subscribe()
    }

    func create(subscribedOn scheduler: any ImmediateSchedulerType) {
        subscription = Completable.create { observer in
            self.value += 1
            observer(.completed)
            return Disposables.create()
        }
        .subscribe(on: scheduler)
        .subscribe()
    }
}

@MainActor private var keptModel: TraitModel?

/// The trait closures keep the isolation of the code they were written in, as every other
/// closure of the library does (`Docs/Concurrency.md`).
@Suite(.leakChecked)
struct TraitIsolationTests {
    @MainActor
    @Test func aSuccessHandlerReachedOnTheMainQueueRuns() async {
        let model = TraitModel()
        model.succeed(on: MainScheduler.instance)
        for _ in 0..<1_000 where model.value == 0 {
            try? await Task.sleep(for: .milliseconds(10))
        }

        #expect(model.value == 1)
        model.subscription?.dispose()
    }

    @Test func anOnSuccessHandlerReachedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = TraitModel()
                model.succeed(on: SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
                keptModel = model
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the subscribe(onSuccess:) closure was written in main-actor code"))
    }

    @Test func aSingleEventClosureReachedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = TraitModel()
                model.receiveEvent(on: SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
                keptModel = model
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the subscribe(_:) closure was written in main-actor code"))
    }

    @Test func aCompletableOnCompletedHandlerReachedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = TraitModel()
                model.complete(on: SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
                keptModel = model
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the subscribe(onCompleted:) closure was written in main-actor code"))
    }

    @Test func aMaybeOnErrorHandlerReachedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = TraitModel()
                model.fail(on: SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
                keptModel = model
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the subscribe(onError:) closure was written in main-actor code"))
    }

    @Test func aMaybeMapClosureReachedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = TraitModel()
                model.map(on: SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
                keptModel = model
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the map(_:) closure was written in main-actor code"))
    }

    @Test func aCompletableCreateBodySubscribedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = TraitModel()
                model.create(subscribedOn: SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
                keptModel = model
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the create(subscribe:) closure was written in main-actor code"))
    }
}
