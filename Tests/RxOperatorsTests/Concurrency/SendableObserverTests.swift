import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Testing

/// A callback API of the kind Swift concurrency code offers: its completion handler is
/// `@Sendable` and is called once, on a queue of the API's own.
private func fetch(_ value: Int, completion: @escaping @Sendable (Int) -> Void) {
    DispatchQueue.global().async { completion(value * 2) }
}

/// The observer `create` hands out has a `Sendable` form that a `@Sendable` callback can
/// capture; no other `AnyObserver` does.
@Suite(.leakChecked)
struct SendableObserverTests {
    @Test func aSendableCallbackDeliversThroughTheSendableFormOfCreatesObserver() async {
        let source = Observable<Int>.create { observer in
            let observer = observer.sendable
            fetch(21) { result in
                observer.onNext(result)
                observer.on(.completed)
            }
            return Disposables.create()
        }
        let received = Locked<[Int]>([])

        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = source.subscribe(
                onNext: { value in received.value.append(value) }, onCompleted: { done.resume() })
        }

        #expect(received.value == [42])
    }

    @Test func eventsAfterTheFirstTerminalOneAreIgnored() {
        var events: [Event<Int>] = []
        let subscription = Observable<Int>.create { observer in
            let observer = observer.sendable
            observer.onNext(1)
            observer.on(.completed)
            observer.onNext(2)
            return Disposables.create()
        }
        .subscribe { events.append($0) }

        #expect(events == [.next(1), .completed])
        subscription.dispose()
    }

    #if DEBUG
        @Test func theSendableFormOfAnyOtherObserverStopsTheProgram() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let observer = AnyObserver<Int> { _ in }
                _ = observer.sendable
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("only the observer `Observable.create` hands to its closure"))
        }
    #endif
}
