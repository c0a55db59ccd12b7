import RxCore
import RxDisposables
import RxOperators

/// Combining sequences: `combineLatest` for state made of several inputs, `zip` for pairs,
/// `withLatestFrom` for an action that reads state, `take(until:)` to stop on a signal.
let combiningSection = Section(
    name: "combining",
    title: "combineLatest, withLatestFrom, take(until:), merge, flatMap and zip",
    summary: "combining: state from several inputs, pairs in order, an action reading state"
) {
    explain(
        "A sign-up form: combineLatest recomputes whether it is valid each time either field changes,",
        "once both have a value (startWith gives them one). withLatestFrom lets the submit button",
        "read the latest form without reacting to typing. zip pairs elements strictly in order, and",
        "take(until:) ends a sequence when another one sends. merge and flatMap subscribe to every",
        "sequence at once: sources on the trampoline take turns, so their elements interleave."
    )
    let email = PublishSubject<String>()
    let password = PublishSubject<String>()
    let submit = PublishSubject<Void>()
    let closed = PublishSubject<Void>()
    let bag = DisposeBag()

    let form = Observable.combineLatest(email.startWith(""), password.startWith("")) { (email: $0, password: $1) }
    form.map { $0.email.contains("@") && $0.password.count >= 8 }
        .distinctUntilChanged()
        .take(until: closed)
        .subscribe(onNext: { show("form valid: \($0)") }, onCompleted: { show("form closed") })
        .disposed(by: bag)
    submit.withLatestFrom(form)
        .subscribe(onNext: { show("submit pressed with \($0.email)") })
        .disposed(by: bag)

    email.onNext("ada")
    password.onNext("correct horse")
    email.onNext("ada@example.org")
    submit.onNext(())
    closed.onNext(())
    password.onNext("short")

    Observable.merge(Observable.of("a1", "a2"), Observable.of("b1", "b2"))
        .subscribe(onNext: { show("merge: \($0)") })
        .disposed(by: bag)
    Observable.of(1, 2).flatMap { value in Observable.of(value * 10, value * 100) }
        .subscribe(onNext: { show("flatMap: \($0)") })
        .disposed(by: bag)

    Observable.zip(Observable.of("first", "second", "third"), Observable.of(1, 2))
        .subscribe(onNext: { show("zip: \($0) \($1)") }, onCompleted: { show("zip completed") })
        .disposed(by: bag)
    print()
}
