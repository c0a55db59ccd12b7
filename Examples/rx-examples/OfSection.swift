import RxCore
import RxDisposables
import RxOperators

/// `of` on the trampoline: two sequences subscribed together take turns instead of nesting.
let ofSection = Section(
    name: "of",
    title: "of on the trampoline",
    summary: "of: one element per turn of the CurrentThreadScheduler trampoline"
) {
    explain(
        "Observable.of sends one element per action on CurrentThreadScheduler, its default.",
        "The first subscribe on a thread starts a trampoline: work scheduled meanwhile waits in a",
        "queue and runs, in order, when the current action returns. So two sequences subscribed",
        "from inside one subscription take turns, 1 a 2 b 3 c, instead of running one inside the other."
    )
    let letters = Observable.of("a", "b", "c")
    let both = Observable<String>.create { observer in
        show("outer subscribe: subscribing to of(1, 2, 3) and of(a, b, c); each queues its first step")
        let numbers = Observable.of(1, 2, 3).map(String.init).subscribe(onNext: { observer.onNext($0) })
        let lettersSubscription = letters.subscribe(onNext: { observer.onNext($0) })
        show("outer subscribe returns: now the trampoline drains its queue")
        return Disposables.create(numbers, lettersSubscription)
    }
    let subscription = both.subscribe(onNext: { show("received \($0)") })
    subscription.dispose()
    print()
}
