import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers

/// How the source of a shared sequence ends in ``terminalOrder(of:sourceEnds:)``.
enum SourceEnding {
    /// It sends `1`, then completes, after the subscription.
    case laterWithCompletion
    /// It sends `1`, then fails, after the subscription.
    case laterWithError
    /// It sends `1` and completes while being subscribed to (`just`).
    case whileSubscribing
}

/// What happens, in order, when the source of `share(source)` ends: an observer made with
/// `create` subscribes to the shared sequence and ends itself on its terminal event, and its
/// disposable disposes that subscription. The log names the source's subscription ("upstream
/// subscribed") and disposal ("upstream disposed"), what the observer sees, and the disposal of
/// `create`'s disposable. The pattern of a feedback loop built on `Driver`, whose effects are
/// disposed from the terminal event.
func terminalOrder(
    of share: (Observable<Int>) -> Observable<Int>, sourceEnds ending: SourceEnding
) -> [String] {
    var log: [String] = []
    let subject = PublishSubject<Int>()
    let source: Observable<Int> = ending == .whileSubscribing ? .just(1) : subject.asObservable()
    let shared = share(
        source.do(onSubscribe: { log.append("upstream subscribed") }, onDispose: { log.append("upstream disposed") }))
    let observing = Observable<Int>.create { observer in
        let subscription = shared.subscribe { event in
            switch event {
            case .next(let element):
                log.append("next \(element)")
            case .error:
                log.append("error seen")
                observer.onCompleted()
            case .completed:
                log.append("completed seen")
                observer.onCompleted()
            }
        }
        return Disposables.create {
            log.append("create disposable")
            subscription.dispose()
        }
    }
    _ = observing.subscribe()
    switch ending {
    case .laterWithCompletion:
        subject.onNext(1)
        subject.onCompleted()
    case .laterWithError:
        subject.onNext(1)
        subject.onError(TestError.boom)
    case .whileSubscribing:
        break
    }
    return log
}

/// The orders RxSwift 6.10 produces in ``terminalOrder(of:sourceEnds:)``.
enum RxSwiftTerminalOrder {
    /// `share(replay: 0 or 1, scope: .whileConnected)`: the observers have the terminal event
    /// before the source is unsubscribed from.
    static func forwardedFirst(_ ending: SourceEnding) -> [String] {
        switch ending {
        case .laterWithCompletion:
            ["upstream subscribed", "next 1", "completed seen", "create disposable", "upstream disposed"]
        case .laterWithError:
            ["upstream subscribed", "next 1", "error seen", "create disposable", "upstream disposed"]
        case .whileSubscribing:
            whileSubscribing
        }
    }

    /// `multicast` with `refCount()`, `publish().refCount()`, `replay(_:).refCount()` and the
    /// other `share` forms: the source is unsubscribed from before the observers have the
    /// terminal event.
    static func disposedFirst(_ ending: SourceEnding) -> [String] {
        switch ending {
        case .laterWithCompletion:
            ["upstream subscribed", "next 1", "upstream disposed", "completed seen", "create disposable"]
        case .laterWithError:
            ["upstream subscribed", "next 1", "upstream disposed", "error seen", "create disposable"]
        case .whileSubscribing:
            whileSubscribing
        }
    }

    /// Every form, for a source that ends while being subscribed to: the connection has no
    /// subscription to dispose yet, so the source's own sink disposes itself after passing the
    /// event on, and `create`'s disposable, returned only after, is disposed last.
    static let whileSubscribing = [
        "upstream subscribed", "next 1", "completed seen", "upstream disposed", "create disposable",
    ]
}
