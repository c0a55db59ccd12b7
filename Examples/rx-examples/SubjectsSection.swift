import RxCore
import RxDisposables
import RxOperators
import RxRelay

/// Subjects, a relay and `share`: what a late subscriber receives from each, and one
/// subscription to the source shared by two observers.
let subjectsSection = Section(
    name: "subjects",
    title: "subjects, relays and share",
    summary: "subjects: what late subscribers get from each subject; share runs the source once"
) {
    explain(
        "A subject is an observable you send to. Each one answers a late subscriber differently:",
        "PublishSubject sends only what comes next, BehaviorSubject its latest value first,",
        "ReplaySubject the last few. A relay is a subject that cannot end; share() runs the",
        "work upstream once for all its subscribers."
    )
    let publish = PublishSubject<String>()
    let behavior = BehaviorSubject(value: "initial")
    let replay = ReplaySubject<String>.create(bufferSize: 2)
    for word in ["one", "two", "three"] {
        publish.onNext(word)
        behavior.onNext(word)
        replay.onNext(word)
    }
    let bag = DisposeBag()
    publish.subscribe(onNext: { show("publish, late subscriber: \($0)") }).disposed(by: bag)
    behavior.subscribe(onNext: { show("behavior, late subscriber: \($0)") }).disposed(by: bag)
    replay.subscribe(onNext: { show("replay(2), late subscriber: \($0)") }).disposed(by: bag)
    for subject in [publish, behavior, replay] as [any ObserverType<String>] {
        subject.onNext("four")
    }

    let selection = BehaviorRelay(value: 0)
    selection.subscribe(onNext: { show("relay value: \($0)") }).disposed(by: bag)
    selection.accept(1)
    show("relay.value is \(selection.value)")

    var runs = 0
    let shared = Observable<Int>.deferred {
        runs += 1
        return .of(10, 20)
    }
    .share(replay: 1)
    let sharedSubscription = Observable<Int>.create { observer in
        let first = shared.subscribe(onNext: { show("share, first observer: \($0)") })
        let second = shared.subscribe(onNext: { show("share, second observer: \($0)") })
        return Disposables.create(first, second)
    }
    .subscribe()
    show("the deferred source ran \(runs) time(s) for two observers")
    sharedSubscription.dispose()
    print()
}
