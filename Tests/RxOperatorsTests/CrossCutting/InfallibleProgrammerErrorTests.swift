import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxRelay
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Testing

/// Code written in main-actor code whose closures an infallible sequence reaches elsewhere.
@MainActor
private final class InfallibleModel {
    var log: [String] = []
    let input = PublishRelay<Int>()
    var subscription: (any Disposable)?

    func mapOnBackground(_ scheduler: SerialDispatchQueueScheduler) {
        let moved = input.asObservable().observe(on: scheduler).asInfallible(onErrorJustReturn: 0)
        subscription = moved.map { value in
            self.log.append("map")
            return value
        }
        .subscribe()
    }

    func subscribeOnBackground(_ scheduler: SerialDispatchQueueScheduler) {
        let moved = input.asObservable().observe(on: scheduler).asInfallible(onErrorJustReturn: 0)
        subscription = moved.subscribe(onNext: { self.log.append("\($0)") })
    }

    func createSubscribedOnBackground(_ scheduler: SerialDispatchQueueScheduler) {
        subscription = Infallible<Int>.create { observer in
            self.log.append("create")
            observer(.completed)
            return Disposables.create()
        }
        .asObservable()
        .subscribe(on: scheduler)
        .subscribe()
    }
}

@MainActor private var kept: InfallibleModel?

/// An infallible sequence's mistakes stop the program with a message naming them: an error that
/// reaches its event handler (debug builds), and a closure written in main-actor code reached off
/// the main thread. Each case runs in a child process.
@Suite(.leakChecked)
struct InfallibleProgrammerErrorTests {
    #if DEBUG
        @Test func anErrorReachingTheEventHandlerStops() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Infallible.just(1).take(while: { _ in throw RxError.unknown }).subscribe { _ in }
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("An Infallible sent an error: Unknown error occurred."))
            #expect(message.contains("asInfallible(onErrorJustReturn:)"))
        }
    #endif

    @Test func aMapClosureReachedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = InfallibleModel()
                model.mapOnBackground(SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
                kept = model
                model.input.accept(1)
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the map(_:) closure was written in main-actor code"))
    }

    @Test func aSubscribeHandlerReachedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = InfallibleModel()
                model.subscribeOnBackground(SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
                kept = model
                model.input.accept(1)
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the subscribe(onNext:) closure was written in main-actor code"))
    }

    @Test func aCreateBodySubscribedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = InfallibleModel()
                model.createSubscribedOnBackground(SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
                kept = model
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the create(subscribe:) closure was written in main-actor code"))
    }
}
