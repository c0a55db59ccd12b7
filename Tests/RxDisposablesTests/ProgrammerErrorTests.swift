import RxDisposables
import RxTestSupport
import Testing

/// Setting a single-assignment holder twice is a bug in the caller; these run the misuse in a child
/// process and check that it stops with a message naming the method.
@Suite(.leakChecked) struct ProgrammerErrorTests {
    @Test func settingASingleAssignmentDisposableTwiceStopsWithAClearMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let holder = SingleAssignmentDisposable()
            holder.setDisposable(Disposables.create())
            holder.setDisposable(Disposables.create())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("SingleAssignmentDisposable.setDisposable(_:) was called a second time"))
    }

    @Test func settingASinkDisposerTwiceStopsWithAClearMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let disposer = SinkDisposer()
            disposer.setSinkAndSubscription(sink: Disposables.create(), subscription: Disposables.create())
            disposer.setSinkAndSubscription(sink: Disposables.create(), subscription: Disposables.create())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("SinkDisposer: the sink was set a second time"))
    }

    @Test func settingASinkDisposerTwiceAfterDisposeStillStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let disposer = SinkDisposer()
            disposer.dispose()
            disposer.setSinkAndSubscription(sink: Disposables.create(), subscription: Disposables.create())
            disposer.setSinkAndSubscription(sink: Disposables.create(), subscription: Disposables.create())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("SinkDisposer: the sink was set a second time"))
    }
}
