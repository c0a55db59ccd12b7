import RxBlocking
import RxCore
import RxOperators
import RxTestSupport
import Testing

/// Misuse that stops the program, run in a child process.
@Suite(.leakChecked) struct BlockingProgrammerErrorTests {
    @Test func aTimeoutThatIsNotANumberStopsNamingTheArgument() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Observable.of(1).toBlocking(timeout: .nan)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("toBlocking(timeout:): the timeout is not a number (NaN)"))
    }
}
