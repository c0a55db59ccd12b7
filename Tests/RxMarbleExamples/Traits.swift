import Dispatch
import RxCore
import RxOperators

extension MarbleExample {
    // The headings of Docs/Operators.md that several trait examples illustrate.
    private static let infallible =
        "Making one: `asInfallible(onErrorJustReturn:)`, `asInfallible(onErrorFallbackTo:)`, "
        + "`asInfallible(onErrorRecover:)`"
    private static let traitCreating =
        "Creating: `create(subscribe:)`, `just`, `empty()`, `error(_:)`, `never()`, `deferred(_:)`, "
        + "`using(_:primitiveSequenceFactory:)`, `timer(_:scheduler:)`"
    private static let fromObservable =
        "From an observable: `asSingle()`, `asMaybe()`, `asCompletable()`, `first()`, `toArray()`"
    private static let singleAndMaybe =
        "`Single` and `Maybe`: `map(_:)`, `compactMap(_:)`, `filter(_:)`, `flatMap(_:)`, `flatMapMaybe(_:)`, "
        + "`flatMapCompletable(_:)`, `do(...)`, `catchAndReturn(_:)`"
    private static let everyTrait =
        "Operators of every trait: `catch(_:)`, `retry(_:)`, `retry(when:)`, `delay(_:scheduler:)`, "
        + "`delaySubscription(_:scheduler:)`, `timeout(_:scheduler:)`, `timeout(_:other:scheduler:)`, "
        + "`observe(on:)`, `subscribe(on:)`, `debug(...)`"

    /// The traits' main operators: each draws its one outcome.
    static let traits: [MarbleExample] = [
        MarbleExample(
            .traits, "infallible", heading: infallible, call: "asInfallible(onErrorJustReturn: \"z\")",
            inputs: [.hot("source", "-a-b-#")], expected: "-a-b-(z|)"
        ) { context in context["source"].asInfallible(onErrorJustReturn: "z").asObservable() },
        MarbleExample(
            .traits, "single-timer", heading: traitCreating, call: "Single.timer(.seconds(30), scheduler: s)",
            expected: "---(0|)"
        ) { context in Single<Int>.timer(.seconds(30), scheduler: context.scheduler).asObservable().map { String($0) }
        },
        MarbleExample(
            .traits, "asSingle", heading: fromObservable,
            call: "asSingle()", inputs: [.hot("source", "-a-|")], expected: "---(a|)"
        ) { context in context["source"].asSingle().asObservable() },
        MarbleExample(
            .traits, "asSingle-two", heading: fromObservable,
            call: "asSingle() of two elements", inputs: [.hot("source", "-a-b-|")], expected: "---#",
            error: RxError.moreThanOneElement
        ) { context in context["source"].asSingle().asObservable() },
        MarbleExample(
            .traits, "asMaybe", heading: fromObservable,
            call: "asMaybe()", inputs: [.hot("source", "----|")], expected: "----|"
        ) { context in context["source"].asMaybe().asObservable() },
        MarbleExample(
            .traits, "asCompletable",
            heading: fromObservable,
            call: "ignoreElements().asCompletable()", inputs: [.hot("source", "-a-b-|")], expected: "-----|"
        ) { context in context["source"].ignoreElements().asCompletable().asObservable().strings() },
        MarbleExample(
            .traits, "first", heading: fromObservable,
            call: "first()", inputs: [.hot("source", "-a-b-|")], expected: "-(a|)"
        ) { context in context["source"].first().asObservable().map { $0 ?? "nil" } },
        MarbleExample(
            .traits, "toArray", heading: fromObservable,
            call: "toArray()", inputs: [.hot("source", "-a-b-c-|")], expected: "-------(A|)", values: ["A": "[a,b,c]"]
        ) { context in context["source"].toArray().asObservable().map { "[" + $0.joined(separator: ",") + "]" } },
        MarbleExample(
            .traits, "single-map",
            heading: singleAndMaybe,
            call: "single.map { $0.uppercased() }", inputs: [.hot("single", "-a-|")], expected: "---(A|)"
        ) { context in context["single"].asSingle().map { $0.uppercased() }.asObservable() },
        MarbleExample(
            .traits, "single-flatMap",
            heading: singleAndMaybe,
            call: "single.flatMap { _ in next.asSingle() }", inputs: [.hot("single", "-a-|"), .cold("next", "-x|")],
            expected: "-----(x|)"
        ) { context in
            let next = context["next"]
            return context["single"].asSingle().flatMap { _ in next.asSingle() }.asObservable()
        },
        MarbleExample(
            .traits, "single-filter",
            heading: singleAndMaybe,
            call: "single.filter { $0 == \"b\" } (a Maybe)", inputs: [.hot("single", "-a-|")], expected: "---|"
        ) { context in context["single"].asSingle().filter { $0 == "b" }.asObservable() },
        MarbleExample(
            .traits, "single-catchAndReturn",
            heading: singleAndMaybe,
            call: "single.catchAndReturn(\"z\")", inputs: [.hot("single", "--#")], expected: "--(z|)"
        ) { context in context["single"].asSingle().catchAndReturn("z").asObservable() },
        MarbleExample(
            .traits, "single-timeout",
            heading: everyTrait,
            call: "single.timeout(.seconds(30), scheduler: s)", inputs: [.hot("single", "-----a|")], expected: "---#",
            error: RxError.timeout
        ) { context in context["single"].asSingle().timeout(.seconds(30), scheduler: context.scheduler).asObservable()
        },
        MarbleExample(
            .traits, "single-zip", heading: "`Single.zip`, `Maybe.zip`",
            call: "Single.zip(a, b) { $0 + $1 }", inputs: [.hot("a", "-a-|"), .hot("b", "---b-|")],
            expected: "-----(A|)", values: ["A": "ab"]
        ) { context in
            Single.zip(context["a"].asSingle(), context["b"].asSingle()) { $0 + $1 }.asObservable()
        },
        MarbleExample(
            .traits, "completable-andThen",
            heading: "`Completable`: `andThen(_:)`, `concat(_:)`, `Completable.concat`, `Completable.zip`, `do(...)`",
            call: "completable.andThen(next)", inputs: [.hot("completable", "---|"), .cold("next", "-1-2|")],
            expected: "----1-2|"
        ) { context in context["completable"].ignoreElements().asCompletable().andThen(context["next"]) },
    ]

    /// Every example, in the gallery's order.
    public static let all: [MarbleExample] =
        creating + time + transforming + filtering + combining + errorHandling + multicasting + traits + subjects
        + observation
}
