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

    @Test func aTaskCancelledBeforeItAwaitsThrowsWithoutSubscribing() async {
        let subscribed = Counter()
        let never = Single<Int>.create { _ in
            subscribed.increment()
            return Disposables.create()
        }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await never.value
        }

        let result = await task.result

        #expect(throws: CancellationError.self) { try result.get() }
        #expect(subscribed.value == 0)
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
