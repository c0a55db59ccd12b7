import Observation
import RxCore
import RxObservation
import RxOperators
import RxSchedulers
import RxTestSupport
import Testing

@MainActor private var kept: [Any] = []

/// What stops the program, each in a child process: a closure written in main-actor code read
/// on a background scheduler, and a scheduler that would read a model inside its `willSet`.
@Suite(.leakChecked)
struct ObservationsProgrammerErrorTests {
    @Test func aMainActorClosureReadOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let screen = Screen()
                let background = SerialDispatchQueueScheduler(internalSerialQueueName: "background")
                kept = [Observable.observations(scheduler: background) { screen.title }.subscribe()]
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the observations(scheduler:lock:_:) closure was written in main-actor code"))
    }

    @Test func aMainActorKeyPathReadOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let screen = Screen()
                let background = SerialDispatchQueueScheduler(internalSerialQueueName: "background")
                // Kept, as `rx.observe` holds it weakly.
                kept = [screen, screen.rx.observe(\.title, scheduler: background).subscribe()]
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the rx.observe(_:) closure was written in main-actor code"))
    }

    @Test func aSchedulerThatReadsInsideWillSetStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let model = Pair()
            let subscription = Observable.observations(scheduler: InlineScheduler()) { model.a }.subscribe()
            model.a = 1
            subscription.dispose()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("InlineScheduler ran the read of an observed model inside the model's willSet"))
    }
}
