import Dispatch
import RxCocoaTraits
import RxCore
import RxOperators
import RxTestSupport
import Testing

/// What stops a debug build: driving off the main thread, and an error reaching a binding that
/// cannot fail. Each case runs in a child process.
@Suite(.leakChecked)
struct CocoaTraitsProgrammerErrorTests {
    #if DEBUG
        @Test func drivingOffTheMainThreadStops() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    _ = Driver.just(1).drive()
                    done.signal()
                }
                _ = done.wait(timeout: .now() + 10)
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("drive(...) was called off the main thread"))
        }

        @Test func anErrorReachingBindOnNextStops() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Observable<Int>.error(RxError.unknown).bind(onNext: { _ in })
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("Binding error: Unknown error occurred."))
        }

        @Test func anErrorSentToAControlPropertyStops() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let property = ControlProperty(values: Observable<Int>.never(), valueSink: AnyObserver<Int> { _ in })
                property.on(.error(RxError.unknown))
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("Binding error: Unknown error occurred."))
        }
    #endif
}
