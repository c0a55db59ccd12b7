import RxCore
import RxDisposables
import RxOperators

/// `create` end to end: what the closure receives, and the order of next, completed, disposed.
let createSection = Section(
    name: "create",
    title: "Observable.create",
    summary: "create: the closure runs on subscribe; next, completed, then disposed"
) {
    explain(
        "Observable.create stores a closure; nothing runs until someone subscribes.",
        "Subscribing calls the closure with an observer that wraps the subscription's sink.",
        "Each onNext travels sink -> forwardOn -> the subscriber's AnonymousObserver -> onNext.",
        "onCompleted reaches the subscriber first, then onDisposed, then the closure's own disposable."
    )
    let numbers = Observable<String>.create { observer in
        show("create closure: called by subscribe, sending two elements and completing")
        observer.onNext("first")
        observer.onNext("second")
        observer.onCompleted()
        observer.onNext("ignored: nothing passes after completed")
        return Disposables.create { show("create's disposable: released after the terminal event") }
    }
    show("created; no output yet, because nobody has subscribed")
    _ = numbers.subscribe(
        onNext: { show("onNext(\($0))") },
        onCompleted: { show("onCompleted") },
        onDisposed: { show("onDisposed") }
    )
    print()
}
