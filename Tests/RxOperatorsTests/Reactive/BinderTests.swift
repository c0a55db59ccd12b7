import RxCore
import RxOperators
import RxSchedulers
import RxTestSupport
import Testing

@MainActor private var kept: [Any] = []

/// A binding cannot fail: an error sent to a `Binder` stops a debug build. A binding written in
/// main-actor code stops any build when it is run off the main thread. Each case runs in a child
/// process.
@Suite(.leakChecked)
struct BinderProgrammerErrorTests {
    @Test func aBindingWrittenInMainActorCodeRunOffTheMainThreadStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            @MainActor final class Label {
                var text = ""
            }
            await MainActor.run {
                let label = Label()
                let background = SerialDispatchQueueScheduler(internalSerialQueueName: "background")
                // The closure sets main-actor state; the scheduler runs it on a background queue.
                let binder = Binder<String>(label, scheduler: background) { label, text in label.text = text }
                kept = [label, Observable.just("a").subscribe(binder)]
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the Binder(_:scheduler:binding:) closure was written in main-actor code"))
    }

    #if DEBUG
        @Test func anErrorSentToABinderStops() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                final class Target {}
                let binder = Binder<Int>(Target(), scheduler: CurrentThreadScheduler.instance) { _, _ in }
                _ = Observable<Int>.error(RxError.unknown).subscribe(binder)
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("Binding error to a Binder: Unknown error occurred."))
            #expect(message.contains("handle the error before binding"))
        }

        @Test func anErrorBoundToAPropertyThroughRxStops() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                final class Target: ReactiveCompatible {
                    var value = 0
                }
                _ = Observable<Int>.error(RxError.unknown).subscribe(Target().rx.value)
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("Binding error to a Binder: Unknown error occurred."))
        }
    #endif
}
