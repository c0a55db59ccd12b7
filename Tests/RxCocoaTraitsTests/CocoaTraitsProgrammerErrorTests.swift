import Dispatch
import RxCocoaTraits
import RxCore
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Testing

@MainActor private var kept: [Any] = []

/// What stops a debug build: driving off the main thread, and an error reaching a binding that
/// cannot fail; and, in any build, a closure of a driver's operator written in main-actor code
/// reached off the main thread. Each case runs in a child process.
@Suite(.leakChecked)
struct CocoaTraitsProgrammerErrorTests {
    @Test func aDriverClosureReachedOffTheMainThreadIsReportedWithItsCallSite() async {
        // The hook reports and returns, so the child goes on and prints what it saw.
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let messages = CallSiteReports.collect()
            let site = await MainActor.run { () -> String in
                let input = PublishSubject<Int>()
                var site = ""
                // Made under the mock, the driver delivers on a background queue, which an app's
                // driver never does: the way to reach a closure of a driver's operator there.
                SharingScheduler.mock(scheduler: SerialDispatchQueueScheduler(internalSerialQueueName: "bg")) {
                    let driver = input.asDriver(onErrorJustReturn: 0)
                    let (mapped, line) = (driver.map { value in value + 1 }, #line)
                    site = "map(_:) at \(#fileID):\(line)"
                    kept = [input, mapped.asObservable().subscribe()]
                }
                input.onNext(1)
                return site
            }
            await CallSiteReports.print(expected: [site], after: messages)
        }
        let reports = CallSiteReports(output: String(decoding: result?.standardOutputContent ?? [], as: UTF8.self))
        #expect(reports.expected.count == 1)
        for site in reports.expected {
            #expect(site.contains(" at \(#fileID):"))
            #expect(reports.names(site), "no message names \(site): \(reports.reported)")
        }
    }

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
