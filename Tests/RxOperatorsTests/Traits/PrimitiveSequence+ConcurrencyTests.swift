import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Testing

/// The traits' `value` (awaiting the outcome) and `create(detached:priority:work:)` (making a
/// trait of async work), with cancellation both ways.
@Suite(.leakChecked)
struct TraitConcurrencyTests {
    @Test func aSinglesValueIsItsElement() async throws {
        let value = try await Single.just(5).value
        #expect(value == 5)
    }

    @Test func aFailingSinglesValueThrowsItsError() async {
        await #expect(throws: TestError.boom) {
            _ = try await Single<Int>.error(TestError.boom).value
        }
    }

    @Test func aSingleSendingOnAnotherThreadIsAwaited() async throws {
        let single = Observable<Int>.create { observer in
            let observer = observer.sendable
            DispatchQueue.global().async {
                observer.onNext(42)
                observer.on(.completed)
            }
            return Disposables.create()
        }
        .asSingle()
        let value = try await single.value
        #expect(value == 42)
    }

    @Test func aMaybesValueIsItsElementOrNil() async throws {
        let some = try await Maybe.just(3).value
        let none = try await Maybe<Int>.empty().value
        #expect(some == 3)
        #expect(none == nil)
    }

    @Test func aCompletablesValueReturnsOnCompletionAndThrowsItsError() async throws {
        try await Completable.empty().value
        await #expect(throws: TestError.boom) {
            try await Completable.error(TestError.boom).value
        }
    }

    @Test func cancellingTheAwaitingTaskDisposesTheSubscriptionAndThrowsCancellation() async {
        let disposed = Counter()
        let subscribed = Counter()
        let never = Single<Int>.create { _ in
            subscribed.increment()
            return Disposables.create { disposed.increment() }
        }
        let task = Task { try await never.value }
        while subscribed.value == 0 {
            await Task.yield()
        }

        task.cancel()
        let result = await task.result

        #expect(throws: CancellationError.self) { try result.get() }
        #expect(disposed.value == 1)
    }

    // MARK: A result that has arrived wins over a later cancellation; a cancellation without one
    // throws `CancellationError`. Each ordering below is fixed by the test, so each outcome is
    // the only one possible.

    // RxSwift 6.10's `testSingleThrowsCancellationWithoutEvents` (and the Maybe and Completable
    // forms): the task is cancelled before it awaits, and nothing is ever sent.
    @Test func aTaskCancelledBeforeItAwaitsANeverEndingTraitSubscribesDisposesAndThrowsCancellation() async {
        let subscribed = Counter()
        let disposed = Counter()
        @Sendable func never() -> Observable<Int> {
            Observable<Int>.create { _ in
                subscribed.increment()
                return Disposables.create { disposed.increment() }
            }
        }
        let single = Task { () -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            _ = try await never().asSingle().value
            return Task.isCancelled
        }
        let maybe = Task { () -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            _ = try await never().asMaybe().value
            return Task.isCancelled
        }
        let completable = Task { () -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            try await never().ignoreElements().asCompletable().value
            return Task.isCancelled
        }

        let results = [await single.result, await maybe.result, await completable.result]

        for result in results {
            #expect(throws: CancellationError.self) { try result.get() }
        }
        #expect(subscribed.value == 3, "subscribed, as RxSwift does, cancelled or not")
        #expect(disposed.value == 3)
    }

    // RxSwift 6.10's `testCompletableNotThrowingCancellation`, `testMaybeNotThrowingCancellationWhenCompleted`
    // and `testSingleNotThrowingCancellation`: what is sent at subscription is the result, even in a
    // task cancelled before it awaited.
    @Test func anOutcomeSentAtSubscriptionWinsOverAnEarlierCancellation() async throws {
        let completable = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await Completable.empty().value
        }
        let emptyMaybe = Task { () -> Int? in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Maybe<Int>.empty().value
        }
        let maybe = Task { () -> Int? in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Maybe.just(1).value
        }
        let single = Task { () -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Single.just(2).value
        }
        let failing = Task { () -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Single<Int>.error(TestError.boom).value
        }

        try await completable.value
        #expect(try await emptyMaybe.value == nil)
        #expect(try await maybe.value == 1)
        #expect(try await single.value == 2)
        let failure = await failing.result
        #expect(throws: TestError.boom) { try failure.get() }
    }

    @Test func anOutcomeSentWhileTheTaskIsCancelledDuringTheSubscriptionWins() async throws {
        // The cancellation arrives while `subscribe` runs, before the source sends: the source's
        // event, sent before `subscribe` returns, still decides.
        let single = Single<Int>.create { observer in
            withUnsafeCurrentTask { $0?.cancel() }
            observer(.success(3))
            return Disposables.create()
        }
        let task = Task { try await single.value }

        #expect(try await task.value == 3)
    }

    @Test func aCancellationDuringTheSubscriptionWithNothingSentThrowsOnceSubscribed() async {
        let disposed = Counter()
        let single = Single<Int>.create { _ in
            withUnsafeCurrentTask { $0?.cancel() }
            return Disposables.create { disposed.increment() }
        }
        let task = Task { try await single.value }

        let result = await task.result

        #expect(throws: CancellationError.self) { try result.get() }
        #expect(disposed.value == 1)
    }

    @Test func aResultThatArrivedWinsOverALaterCancellation() async throws {
        // Each outcome is sent, on this thread, while the task awaits; the task is cancelled only
        // after the observer has returned, so the outcome has arrived first.
        let singleObserver = Locked<((SingleEvent<Int>) -> Void)?>(nil)
        let maybeObserver = Locked<((MaybeEvent<Int>) -> Void)?>(nil)
        let completableObserver = Locked<((CompletableEvent) -> Void)?>(nil)
        let single = Task {
            try await Single<Int>.create {
                singleObserver.value = $0
                return Disposables.create()
            }.value
        }
        let maybe = Task {
            try await Maybe<Int>.create {
                maybeObserver.value = $0
                return Disposables.create()
            }.value
        }
        let emptyMaybeObserver = Locked<((MaybeEvent<Int>) -> Void)?>(nil)
        let emptyMaybe = Task {
            try await Maybe<Int>.create {
                emptyMaybeObserver.value = $0
                return Disposables.create()
            }.value
        }
        let completable = Task {
            try await Completable.create {
                completableObserver.value = $0
                return Disposables.create()
            }.value
        }
        let subscribed = await eventually {
            singleObserver.value != nil && maybeObserver.value != nil && emptyMaybeObserver.value != nil
                && completableObserver.value != nil
        }
        #expect(subscribed)

        singleObserver.value?(.success(4))
        maybeObserver.value?(.success(5))
        emptyMaybeObserver.value?(.completed)
        completableObserver.value?(.completed)
        for task in [single.cancel, maybe.cancel, emptyMaybe.cancel, completable.cancel] { task() }

        #expect(try await single.value == 4)
        #expect(try await maybe.value == 5)
        #expect(try await emptyMaybe.value == nil)
        try await completable.value
        singleObserver.value = nil
        maybeObserver.value = nil
        emptyMaybeObserver.value = nil
        completableObserver.value = nil
    }

    @Test func aCancellationBeforeTheResultThrowsAndTheLateResultIsIgnored() async {
        let observer = Locked<((SingleEvent<Int>) -> Void)?>(nil)
        let disposed = Counter()
        let single = Single<Int>.create { received in
            observer.value = received
            return Disposables.create { disposed.increment() }
        }
        let task = Task { try await single.value }
        #expect(await eventually { observer.value != nil })

        task.cancel()
        let result = await task.result
        observer.value?(.success(5))

        #expect(throws: CancellationError.self) { try result.get() }
        #expect(disposed.value == 1)
        observer.value = nil
    }

    // RxSwift 6.10's `testSingleContinuationIsNotResumedTwice` and its Maybe and Completable
    // forms: the outcome and the cancellation race from two other threads, many times. A second
    // resumption of a continuation would stop the program; each awaits ends one of the two ways,
    // and every subscription is disposed.
    @Test func anOutcomeRacingACancellationFromOtherThreadsEndsOneWayOnly() async {
        let rounds = 500
        let disposed = Counter()
        var outcomes: [Result<Int, any Error>] = []
        for _ in 0..<rounds {
            let single = Single<Int>.create { observer in
                let sendable = UncheckedSendable(observer)
                DispatchQueue.global().async { sendable.value(.success(42)) }
                return Disposables.create { disposed.increment() }
            }
            let task = Task { try await single.value }
            DispatchQueue.global().async { task.cancel() }
            outcomes.append(await task.result)
        }

        for outcome in outcomes {
            switch outcome {
            case .success(let value): #expect(value == 42)
            case .failure(let error): #expect(error is CancellationError)
            }
        }
        let allDisposed = await eventually { disposed.value == rounds }
        #expect(allDisposed, "\(disposed.value) of \(rounds) subscriptions disposed")
    }

    @Test func aSingleOfAsyncWorkSucceedsWithItsResult() async throws {
        let single = Single<Int>.create { () async throws -> Int in
            try await Task.sleep(for: .milliseconds(1))
            return 7
        }
        let value = try await single.value
        #expect(value == 7)
    }

    @Test func aSingleOfAsyncWorkFailsWithWhatItThrows() async {
        let single = Single<Int>.create(detached: true) { () async throws -> Int in
            throw TestError.boom
        }
        await #expect(throws: TestError.boom) {
            _ = try await single.value
        }
    }

    @Test func disposingASubscriptionToAsyncWorkCancelsItsTask() async {
        let started = Counter()
        let cancelled = Counter()
        let single = Single<Int>.create { () async throws -> Int in
            started.increment()
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                cancelled.increment()
                throw error
            }
            return 0
        }
        var events = 0
        let subscription = single.subscribe(onSuccess: { _ in events += 1 }, onFailure: { _ in events += 1 })
        while started.value == 0 {
            await Task.yield()
        }

        subscription.dispose()
        for _ in 0..<1_000 where cancelled.value == 0 {
            try? await Task.sleep(for: .milliseconds(10))
        }

        #expect(cancelled.value == 1)
        #expect(events == 0, "nothing reaches a disposed subscription")
    }

    @Test func aCompletableOfAsyncWorkCompletes() async throws {
        let ran = Counter()
        let completable = Completable.create { () async throws -> Never in
            ran.increment()
            throw TestError.boom
        }
        await #expect(throws: TestError.boom) {
            try await completable.value
        }
        #expect(ran.value == 1)
    }
}
