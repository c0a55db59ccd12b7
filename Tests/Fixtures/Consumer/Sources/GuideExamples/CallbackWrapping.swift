import Dispatch
import RxCore
import RxDisposables
import RxOperators
import Synchronization

/// A callback API of the kind `create` wraps: it answers later, on a queue of its own, through a
/// `@Sendable` completion handler, and can be cancelled.
public final class DoublingService: Sendable {
    private let queue: DispatchQueue
    private let answers = Atomic<Int>(0)

    /// Creates a service that answers on `queue`, a serial queue of its own by default.
    public init(queue: DispatchQueue = DispatchQueue(label: "DoublingService")) {
        self.queue = queue
    }

    /// How many answers the service has sent.
    public var answersSent: Int { answers.load(ordering: .acquiring) }

    /// Calls `completion` with twice `number`, later and on another thread, unless the returned
    /// request is cancelled first.
    public func double(_ number: Int, completion: @escaping @Sendable (Int) -> Void) -> DoublingRequest {
        let request = DoublingRequest()
        queue.async {
            if !request.isCancelled {
                self.answers.add(1, ordering: .releasing)
                completion(number * 2)
            }
        }
        return request
    }
}

/// One call in progress on a ``DoublingService``.
public final class DoublingRequest: Sendable {
    private let cancelled = Atomic<Bool>(false)

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Stops the answer from being sent, if it has not been already.
    public func cancel() {
        cancelled.store(true, ordering: .releasing)
    }
}

/// `number` doubled by `service`: one element, then completion. Disposing the subscription
/// before the answer cancels the request.
public func doubled(_ number: Int, by service: DoublingService) -> Observable<Int> {
    Observable.create { observer in
        // The completion handler is @Sendable, and AnyObserver is not Sendable: its Sendable
        // form accepts events from any thread, one at a time, and this service calls back once.
        let observer = observer.sendable
        let request = service.double(number) { result in
            observer.onNext(result)
            observer.onCompleted()
        }
        return Disposables.create { request.cancel() }
    }
}

/// `number` doubled by `service`, as a `Single`: its one answer, or nothing if the subscription
/// is disposed before it arrives, which cancels the request.
public func doubledOnce(_ number: Int, by service: DoublingService) -> Single<Int> {
    Single.create { single in
        // The closure `Single.create` hands out is @Sendable already: the handler captures it.
        let request = service.double(number) { result in
            single(.success(result))
        }
        return Disposables.create { request.cancel() }
    }
}
