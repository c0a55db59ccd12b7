import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Testing

/// A view model as a new user writes it, whose closures touch main-actor state.
@MainActor
private final class ViewModel {
    var label = 0
    var log: [String] = []
    let input = PublishSubject<Int>()
    var subscription: (any Disposable)?

    /// The correct form: events moved to the main queue before the handler.
    func bindOnMain() {
        subscription = input.observe(on: MainScheduler.instance).subscribe(onNext: { self.label = $0 })
    }

    /// The handler reached on a background queue: the mistake the check catches.
    func bindOnBackground(_ scheduler: SerialDispatchQueueScheduler) {
        subscription = input.observe(on: scheduler).subscribe(onNext: { self.label = $0 })
    }

    func mapOnBackground(_ scheduler: SerialDispatchQueueScheduler) {
        subscription = input.observe(on: scheduler).map { value in
            self.log.append("map")
            return value
        }
        .subscribe()
    }

    /// `just` then `map` are one stage; its transform runs at subscription, here on `scheduler`.
    func mapJustSubscribedOnBackground(_ scheduler: SerialDispatchQueueScheduler) {
        subscription = Observable.just(1).map { value in
            self.log.append("map")
            return value
        }
        .subscribe(on: scheduler)
        .subscribe()
    }

    func doOnBackground(_ scheduler: SerialDispatchQueueScheduler) {
        subscription = input.observe(on: scheduler).do(onNext: { _ in self.log.append("do") }).subscribe()
    }

    func createSubscribedOnBackground(_ scheduler: SerialDispatchQueueScheduler) {
        subscription = Observable<Int>.create { observer in
            self.log.append("create")
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(on: scheduler)
        .subscribe()
    }

    func deferredSubscribedOnBackground(_ scheduler: SerialDispatchQueueScheduler) {
        subscription = Observable<Int>.deferred {
            self.log.append("deferred")
            return .empty()
        }
        .subscribe(on: scheduler)
        .subscribe()
    }

    /// The subject factory runs when the sequence connects, here on a background queue.
    func multicastConnectedOnBackground() {
        let connectable = UncheckedSendable(
            input.multicast(makeSubject: {
                self.log.append("makeSubject")
                return PublishSubject<Int>()
            }))
        DispatchQueue.global().async { _ = connectable.value.connect() }
    }

    /// Closures of an observable's `map` and `subscribe(onNext:)`, a `Single`'s `map` and an
    /// `Infallible`'s `map`, each reached on `scheduler`; returns the call sites a violation's
    /// message should name. The closures touch nothing but their arguments: the test's hook lets
    /// them run off the main thread.
    func bindEachOnBackground(_ scheduler: SerialDispatchQueueScheduler) -> [String] {
        let observed = input.observe(on: scheduler)
        let (mapped, mapLine) = (observed.map { value in value + 1 }, #line)
        let (subscribed, subscribeLine) = (mapped.subscribe(onNext: { _ in }), #line)
        let single = Single.just(1).observe(on: scheduler)
        let (singleMapped, singleLine) = (single.map { value in value + 1 }, #line)
        let infallible = observed.asInfallible(onErrorJustReturn: 0)
        let (infallibleMapped, infallibleLine) = (infallible.map { value in value + 1 }, #line)
        subscription = Disposables.create(
            subscribed, singleMapped.asObservable().subscribe(), infallibleMapped.asObservable().subscribe())
        return [
            "map(_:) at \(#fileID):\(mapLine)", "subscribe(onNext:) at \(#fileID):\(subscribeLine)",
            "map(_:) at \(#fileID):\(singleLine)", "map(_:) at \(#fileID):\(infallibleLine)",
        ]
    }

    /// A closure that touches no main-actor state, marked so, with the check turned off.
    func mapSendableOnBackground(_ scheduler: SerialDispatchQueueScheduler, into counter: Counter) {
        subscription = input.observe(on: scheduler)
            .map({ @Sendable value in value * 2 }, isolation: nil)
            .subscribe(onNext: { @Sendable _ in counter.increment() }, isolation: nil)
    }
}

@MainActor private var kept: ViewModel?

/// Runs `bind` on a fresh view model on the main actor, keeps the model, and sends one element
/// from this task: what every exit test below does in its child process.
private func sendOne(after bind: @escaping @MainActor (ViewModel) -> Void) async -> UncheckedSendable<ViewModel> {
    let model = await MainActor.run { () -> UncheckedSendable<ViewModel> in
        let model = ViewModel()
        bind(model)
        kept = model
        return UncheckedSendable(model)
    }
    await MainActor.run { model.value.input.onNext(1) }
    return model
}

/// Runs `bind` on a fresh view model on the main actor and keeps the model: for the exit tests
/// whose closure runs at subscription or connection rather than for an element.
private func bindAndKeep(_ bind: @escaping @MainActor (ViewModel) -> Void) async {
    await MainActor.run {
        let model = ViewModel()
        bind(model)
        kept = model
    }
}

/// Sleeps this task a moment at a time until `done` holds, for at most ten seconds.
private func waitUntil(_ done: @escaping @MainActor () -> Bool) async {
    for _ in 0..<1_000 {
        if await MainActor.run(body: done) { return }
        try? await Task.sleep(for: .milliseconds(10))
    }
}

/// The closures of operators keep the isolation of the code they were written in, as the
/// handlers of `subscribe` do: in main-actor code, the user's closures run only on the main
/// thread, and anything else stops the program with a message naming the closure and the fix.
@Suite(.leakChecked)
struct OperatorIsolationTests {
    @MainActor
    @Test func aHandlerAfterObserveOnTheMainSchedulerRunsAndSetsMainActorState() async {
        let model = ViewModel()
        model.bindOnMain()
        let handle = UncheckedSendable(model.input)

        await withCheckedContinuation { (sent: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                handle.value.onNext(42)
                sent.resume()
            }
        }
        await waitUntil { model.label == 42 }

        #expect(model.label == 42)
        model.subscription?.dispose()
    }

    @MainActor
    @Test func aSendableClosureWithTheCheckOffRunsOnABackgroundScheduler() async {
        let model = ViewModel()
        let counter = Counter()
        model.mapSendableOnBackground(SerialDispatchQueueScheduler(internalSerialQueueName: "isolation"), into: counter)

        model.input.onNext(1)
        for _ in 0..<1_000 where counter.value == 0 {
            try? await Task.sleep(for: .milliseconds(10))
        }

        #expect(counter.value == 1)
        model.subscription?.dispose()
    }

    @Test func aSubscribeHandlerReachedOnABackgroundSchedulerStopsWithTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = await sendOne { $0.bindOnBackground(SerialDispatchQueueScheduler(internalSerialQueueName: "bg")) }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the subscribe(onNext:) closure was written in main-actor code"))
        #expect(message.contains("`.observe(on: MainScheduler.instance)`"))
    }

    @Test func aMapClosureReachedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = await sendOne { $0.mapOnBackground(SerialDispatchQueueScheduler(internalSerialQueueName: "bg")) }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the map(_:) closure was written in main-actor code"))
    }

    @Test func aMapClosureAfterJustSubscribedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = await sendOne {
                $0.mapJustSubscribedOnBackground(SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the map(_:) closure was written in main-actor code"))
    }

    @Test func aDoClosureReachedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = await sendOne { $0.doOnBackground(SerialDispatchQueueScheduler(internalSerialQueueName: "bg")) }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the do(onNext:) closure was written in main-actor code"))
    }

    @Test func aCreateBodySubscribedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await bindAndKeep {
                $0.createSubscribedOnBackground(SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the create(_:) closure was written in main-actor code"))
    }

    @Test func aDeferredFactorySubscribedOnABackgroundSchedulerStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await bindAndKeep {
                $0.deferredSubscribedOnBackground(SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
            }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the deferred(_:) closure was written in main-actor code"))
    }

    @Test func aViolationNamesTheCallSiteOfTheOperatorWhoseClosureItIs() async {
        // The hook reports and returns, so that one child process sees every violation.
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let messages = CallSiteReports.collect()
            let sites = await MainActor.run { () -> [String] in
                let model = ViewModel()
                kept = model
                let sites = model.bindEachOnBackground(SerialDispatchQueueScheduler(internalSerialQueueName: "bg"))
                model.input.onNext(1)
                return sites
            }
            await CallSiteReports.print(expected: sites, after: messages)
        }
        let reports = CallSiteReports(output: String(decoding: result?.standardOutputContent ?? [], as: UTF8.self))
        #expect(reports.expected.count == 4)
        for site in reports.expected {
            #expect(site.contains(" at \(#fileID):"))
            #expect(reports.names(site), "no message names \(site): \(reports.reported)")
        }
    }

    @Test func aMulticastSubjectFactoryCalledOnABackgroundQueueStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await bindAndKeep { $0.multicastConnectedOnBackground() }
            try? await Task.sleep(for: .seconds(10))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the multicast(makeSubject:) closure was written in main-actor code"))
    }
}
