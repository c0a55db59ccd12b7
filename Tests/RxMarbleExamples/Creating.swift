import RxCore
import RxDisposables
import RxOperators

extension MarbleExample {
    /// Creating sequences: each draws what a subscriber at frame zero receives.
    static let creating: [MarbleExample] = [
        MarbleExample(
            .creating, "create", heading: "`create(_:)`",
            call: "Observable.create { o in o.onNext(\"a\"); o.onNext(\"b\"); o.onCompleted() }", expected: "(ab|)"
        ) { _ in
            Observable.create { observer in
                observer.onNext("a")
                observer.onNext("b")
                observer.onCompleted()
                return Disposables.create()
            }
        },
        MarbleExample(
            .creating, "just", heading: "`just(_:)`, `just(_:scheduler:)`", call: "Observable.just(\"a\")",
            expected: "(a|)"
        ) {
            _ in Observable.just("a")
        },
        MarbleExample(
            .creating, "just-scheduler", heading: "`just(_:)`, `just(_:scheduler:)`",
            call: "Observable.just(\"a\", scheduler: s)", expected: "-a|", ticksPerFrame: 1
        ) { context in Observable.just("a", scheduler: context.scheduler) },
        MarbleExample(
            .creating, "empty", heading: "`empty()`, `never()`, `error(_:)`", call: "Observable.empty()", expected: "|"
        ) {
            _ in Observable.empty()
        },
        MarbleExample(
            .creating, "never", heading: "`empty()`, `never()`, `error(_:)`", call: "Observable.never()", expected: ""
        ) {
            _ in Observable.never()
        },
        MarbleExample(
            .creating, "error", heading: "`empty()`, `never()`, `error(_:)`", call: "Observable.error(e)", expected: "#"
        ) {
            _ in Observable.error(MarbleError())
        },
        MarbleExample(
            .creating, "deferred", heading: "`deferred(_:)`", call: "Observable.deferred { source }",
            inputs: [.cold("source", "--a--b--|")], expected: "--a--b--|"
        ) { context in
            let source = context["source"]
            return Observable.deferred { source }
        },
        MarbleExample(
            .creating, "of", heading: "`of(_:scheduler:)`, `from(_:scheduler:)`",
            call: "Observable.of(\"a\", \"b\", \"c\", scheduler: s)", expected: "-abc|", ticksPerFrame: 1
        ) { context in Observable.of("a", "b", "c", scheduler: context.scheduler) },
        MarbleExample(
            .creating, "from", heading: "`of(_:scheduler:)`, `from(_:scheduler:)`",
            call: "Observable.from([\"a\", \"b\"], scheduler: s)", expected: "-ab|", ticksPerFrame: 1
        ) { context in Observable.from(["a", "b"], scheduler: context.scheduler) },
        MarbleExample(
            .creating, "from-optional", heading: "`from(optional:)`, `from(optional:scheduler:)`",
            call: "Observable.from(optional: \"a\")", expected: "(a|)"
        ) { _ in Observable.from(optional: "a") },
        MarbleExample(
            .creating, "range", heading: "`range(start:count:scheduler:)`",
            call: "Observable.range(start: 5, count: 3, scheduler: s)", expected: "-567|", ticksPerFrame: 1
        ) { context in Observable<Int>.range(start: 5, count: 3, scheduler: context.scheduler).map { String($0) } },
        MarbleExample(
            .creating, "generate", heading: "`generate(initialState:condition:scheduler:iterate:)`",
            call: "Observable.generate(initialState: 1, condition: { $0 < 10 }, scheduler: s, iterate: { $0 * 3 })",
            expected: "-139|", ticksPerFrame: 1
        ) { context in
            Observable.generate(initialState: 1, condition: { $0 < 10 }, scheduler: context.scheduler) { $0 * 3 }
                .map { String($0) }
        },
        MarbleExample(
            .creating, "repeatElement", heading: "`repeatElement(_:scheduler:)`",
            call: "Observable.repeatElement(\"a\", scheduler: s).take(4)", expected: "-aaa(a|)", ticksPerFrame: 1
        ) { context in Observable.repeatElement("a", scheduler: context.scheduler).take(4) },
        MarbleExample(
            .creating, "using", heading: "`using(_:observableFactory:)`",
            call: "Observable.using({ resource }, observableFactory: { _ in source })",
            inputs: [.cold("source", "-a-b-#")], expected: "-a-b-#"
        ) { context in
            let source = context["source"]
            return Observable.using({ BooleanDisposable() }, observableFactory: { _ in source })
        },
    ]
}
