import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Testing

/// A callback API of the kind Swift concurrency code offers: its completion handler is
/// `@Sendable` and is called once, later, on a queue of the API's own, which it marks so that a
/// test can tell where a delivery ran.
private enum CallbackService {
    static let queue = DispatchQueue(label: "TraitCreateSendableTests.CallbackService")
    static let marker = DispatchSpecificKey<Bool>()

    static func call(completion: @escaping @Sendable () -> Void) {
        queue.setSpecific(key: marker, value: true)
        queue.async { completion() }
    }

    static var isOnItsQueue: Bool { DispatchQueue.getSpecific(key: marker) ?? false }
}

/// The closure `Single.create`, `Maybe.create`, `Completable.create` and `Infallible.create`
/// hand out is `@Sendable`, as `observer.sendable` is for `Observable.create`: a `@Sendable`
/// callback captures it in Swift 6 mode (this file would not compile otherwise), and what it
/// sends from the callback's thread arrives.
@Suite(.leakChecked)
struct TraitCreateSendableTests {
    @Test func singleDeliversFromASendableCallbackOnAnotherThread() async {
        let source = Single<Int>.create { single in
            CallbackService.call { single(.success(42)) }
            return Disposables.create()
        }

        let received = await firstEvent { done in
            source.subscribe(
                onSuccess: { done("success \($0) on the service's queue: \(CallbackService.isOnItsQueue)") },
                onFailure: { done("failure \($0)") })
        }

        #expect(received == "success 42 on the service's queue: true")
    }

    @Test func maybeDeliversEveryKindOfEventFromASendableCallback() async {
        var received: [String] = []
        for kind in 0..<3 {
            let source = Maybe<Int>.create { maybe in
                CallbackService.call {
                    switch kind {
                    case 0: maybe(.success(7))
                    case 1: maybe(.completed)
                    default: maybe(.error(TestError.boom))
                    }
                }
                return Disposables.create()
            }
            received.append(
                await firstEvent { done in
                    source.subscribe(
                        onSuccess: { done("success \($0) \(CallbackService.isOnItsQueue)") },
                        onError: { done("error \($0) \(CallbackService.isOnItsQueue)") },
                        onCompleted: { done("completed \(CallbackService.isOnItsQueue)") })
                })
        }

        #expect(received == ["success 7 true", "completed true", "error \(TestError.boom) true"])
    }

    @Test func completableDeliversFromASendableCallbackAndIgnoresWhatFollows() async {
        let source = Completable.create { completable in
            CallbackService.call {
                completable(.completed)
                completable(.error(TestError.boom))
            }
            return Disposables.create()
        }

        let received = await firstEvent { done in
            source.subscribe(
                onCompleted: { done("completed \(CallbackService.isOnItsQueue)") },
                onError: { done("error \($0)") })
        }

        #expect(received == "completed true")
    }

    @Test func infallibleDeliversFromASendableCallback() async {
        let source = Infallible<Int>.create { observer in
            CallbackService.call {
                observer(.next(1))
                observer(.next(2))
                observer(.completed)
            }
            return Disposables.create()
        }
        let elements = Locked<[Int]>([])

        let received = await firstEvent { done in
            source.subscribe(
                onNext: { elements.value.append($0) },
                onCompleted: { done("completed \(CallbackService.isOnItsQueue)") })
        }

        #expect(received == "completed true")
        #expect(elements.value == [1, 2])
    }

    @Test func rxSwiftsSignatureWithAPlainClosureStillCompiles() {
        let make: (@escaping (@escaping Single<Int>.SingleObserver) -> any Disposable) -> Single<Int> =
            Single<Int>.create(subscribe:)
        var received: [SingleEvent<Int>] = []

        _ = make { single in
            single(.success(1))
            return Disposables.create()
        }
        .subscribe { received.append($0) }
        // A closure whose parameter is spelled with RxSwift's type compiles too.
        _ = Single<Int>.create { (single: @escaping Single<Int>.SingleObserver) in
            single(.success(2))
            return Disposables.create()
        }
        .subscribe { received.append($0) }

        #expect(received.count == 2)
    }

    /// Subscribes with `subscribe`, whose closures call `done` with a description of the first
    /// event, and returns that description once it arrives.
    private func firstEvent(_ subscribe: (@escaping @Sendable (String) -> Void) -> any Disposable) async -> String {
        let result = Locked<String?>(nil)
        let subscription = Locked<(any Disposable)?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            subscription.value = subscribe { description in
                var first = false
                result.mutate { stored in
                    first = stored == nil
                    if first { stored = description }
                }
                if first { continuation.resume() }
            }
        }
        subscription.value?.dispose()
        return result.value ?? "nothing"
    }
}
