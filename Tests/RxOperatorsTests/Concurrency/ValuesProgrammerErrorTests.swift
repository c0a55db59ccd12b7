import RxCore
import RxOperators
import RxTestSupport
import Testing

/// Misuse of the `values` stream that stops the program, run in a child process.
@Suite(.leakChecked) struct ValuesProgrammerErrorTests {
    @Test func twoTasksAwaitingTheSameStreamAtOnceStop() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = PublishSubject<Int>()
            let stream = subject.values
            let first = Task { for try await _ in stream {} }
            let second = Task { for try await _ in stream {} }
            _ = await (first.result, second.result)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        // The stream is an `AsyncThrowingStream` made with a continuation, as RxSwift's is: the
        // standard library stops the second task, with its own message.
        #expect(message.contains("attempt to await next() on more than one task"))
    }
}
