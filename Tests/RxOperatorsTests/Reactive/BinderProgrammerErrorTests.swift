import RxCore
import RxOperators
import RxTestSupport
import Testing

/// A binding cannot fail: an error sent to a `Binder` stops a debug build. Each case runs in a
/// child process.
@Suite(.leakChecked)
struct BinderProgrammerErrorTests {
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
