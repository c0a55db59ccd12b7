import Dispatch
import RxCore
import RxDisposables
import RxTestHelpers
import RxTestSupport
import Testing

/// A view model as a new user writes it: main-actor state set from `subscribe` handlers.
@MainActor
private final class Model {
    var label = 0
    var completed = false
    let events = PublishSubject<Int>()
    var subscription: (any Disposable)?

    func bindNext() {
        subscription = events.subscribe(onNext: { self.label = $0 })
    }

    func bindCompleted() {
        subscription = events.subscribe(onCompleted: { self.completed = true })
    }

    func bindEvents() {
        subscription = events.subscribe { event in
            if case .next(let value) = event { self.label = value }
        }
    }

    /// A closure that touches no main-actor state, marked as such, with the check turned off.
    func bindSendable(into counter: Counter) {
        subscription = events.subscribe(onNext: { @Sendable _ in counter.increment() }, isolation: nil)
    }
}

/// An actor with its own state, set from a handler.
private actor Tally {
    var total = 0
    nonisolated let events = PublishSubject<Int>()
    var subscription: (any Disposable)?

    func bind() {
        subscription = events.subscribe(onNext: { self.total += $0 })
    }
}

/// Sends `value` to `subject` on a background thread and waits until it was handled.
private func sendOnBackground(_ value: Int, to subject: PublishSubject<Int>) async {
    let handle = UncheckedSendable(subject)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            handle.value.onNext(value)
            done.resume()
        }
    }
}

/// Sends `value` to `subject` on the main queue and waits until it was handled.
private func sendOnMain(_ value: Int, to subject: PublishSubject<Int>) async {
    let handle = UncheckedSendable(subject)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async {
            handle.value.onNext(value)
            done.resume()
        }
    }
}

/// Closures given to `subscribe` keep the isolation of the code they were written in: called
/// there, they run; called elsewhere, the program stops with a message naming the handler and
/// the fix, never racing silently. Closures written outside any actor run anywhere.
@Suite(.leakChecked)
struct HandlerIsolationTests {
    @Test func aHandlerCapturingLocalStateRunsOnTheSendersThread() {
        var received: [Int] = []
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { received.append($0) })

        subject.onNext(1)
        subject.onNext(2)

        #expect(received == [1, 2])
        subscription.dispose()
    }

    @Test func aHandlerWrittenOutsideAnyActorRunsOnAnyThread() async {
        let counter = Counter()
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { _ in counter.increment() })

        await sendOnBackground(1, to: subject)

        #expect(counter.value == 1)
        subscription.dispose()
    }

    @MainActor
    @Test func aMainActorHandlerRunsWhenItsEventArrivesOnTheMainQueue() async {
        let model = Model()
        model.bindNext()

        await sendOnMain(7, to: model.events)

        #expect(model.label == 7)
        model.subscription?.dispose()
    }

    @MainActor
    @Test func aMainActorHandlerMarkedSendableWithTheCheckOffRunsOffTheMainThread() async {
        let model = Model()
        let counter = Counter()
        model.bindSendable(into: counter)

        await sendOnBackground(1, to: model.events)

        #expect(counter.value == 1)
        model.subscription?.dispose()
    }

    @Test func aMainActorOnNextHandlerCalledOffTheMainThreadStopsWithTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let events = await MainActor.run { () -> UncheckedSendable<PublishSubject<Int>> in
                let model = Model()
                model.bindNext()
                kept = model
                return UncheckedSendable(model.events)
            }
            await sendOnBackground(1, to: events.value)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the subscribe(onNext:) closure was written in main-actor code"))
        #expect(message.contains(".observe(on: MainScheduler.instance)"))
        // And where: `Model.bindNext` in this file.
        #expect(message.contains("(subscribe(onNext:) at \(#fileID):"))
    }

    @Test func aCodebaseMigratingInSwift5ModeCanReportViolationsAndGoOn() async {
        // The library cannot tell a Swift 5 caller from a Swift 6 one; the hook lets a codebase
        // compiled in the Swift 5 mode, where RxSwift ran such closures off the main thread,
        // report each place and keep running. In a child process: the hook is process-wide.
        // The message also names where the closure was handed over, which the child prints too.
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let messages = CallSiteReports.collect()
            let counter = Counter()
            let (events, site) = await MainActor.run { () -> (UncheckedSendable<PublishSubject<Int>>, String) in
                let model = Model()
                let (subscription, line) = (model.events.subscribe(onNext: { _ in counter.increment() }), #line)
                model.subscription = subscription
                kept = model
                return (UncheckedSendable(model.events), "subscribe(onNext:) at \(#fileID):\(line)")
            }
            await sendOnBackground(1, to: events.value)
            await CallSiteReports.print(expected: [site], after: messages)
            print("ran: \(counter.value)")
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(
            output.contains("reported: RxSwiftModular: the subscribe(onNext:) closure was written in main-actor code"))
        #expect(output.contains("ran: 1"))
        let reports = CallSiteReports(output: output)
        #expect(reports.expected.count == 1)
        for site in reports.expected {
            #expect(site.contains(" at \(#fileID):"))
            #expect(reports.names(site), "no message names \(site): \(reports.reported)")
        }
    }

    @Test func aMainActorOnCompletedHandlerCalledOffTheMainThreadStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let events = await MainActor.run { () -> UncheckedSendable<PublishSubject<Int>> in
                let model = Model()
                model.bindCompleted()
                kept = model
                return UncheckedSendable(model.events)
            }
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    events.value.onCompleted()
                    done.resume()
                }
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the subscribe(onCompleted:) closure was written in main-actor code"))
    }

    @Test func aMainActorEventHandlerCalledOffTheMainThreadStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let events = await MainActor.run { () -> UncheckedSendable<PublishSubject<Int>> in
                let model = Model()
                model.bindEvents()
                kept = model
                return UncheckedSendable(model.events)
            }
            await sendOnBackground(1, to: events.value)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the subscribe(_:) closure was written in main-actor code"))
    }

    @Test func anActorsHandlerCalledOutsideTheActorStopsNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let tally = Tally()
            await tally.bind()
            await sendOnBackground(1, to: tally.events)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Tally"))
    }
}

/// Keeps the model of an exit test alive in the child process.
@MainActor private var kept: Model?
