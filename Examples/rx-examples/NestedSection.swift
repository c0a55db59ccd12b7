import RxCore
import RxDisposables
import RxOperators

/// A subscription made from inside `onNext` waits for its turn on the trampoline.
let nestedSection = Section(
    name: "nested",
    title: "subscribing again from inside onNext",
    summary: "of: a subscription made inside onNext takes turns with the outer sequence"
) {
    explain(
        "A subscription made while an element is delivered queues its first step behind the",
        "outer sequence's next step, so the two interleave too."
    )
    let letters = Observable.of("a", "b", "c")
    _ = Observable.of(1, 2, 3).subscribe(onNext: { outer in
        show("outer \(outer)")
        if outer == 1 {
            _ = letters.subscribe(onNext: { show("  inner \($0)") })
        }
    })
    print()
}
