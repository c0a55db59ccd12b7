import RxCore
import RxOperators

extension MarbleExample {
    /// Combining sequences. Inner sequences are cold inputs, drawn where they are subscribed.
    static let combining: [MarbleExample] = [
        MarbleExample(
            .combining, "merge", heading: "`merge()`, `merge(maxConcurrent:)`, `Observable.merge(_:)`",
            call: "Observable.merge(a, b)", inputs: [.hot("a", "-a---b---|"), .hot("b", "---1---2-|")],
            expected: "-a-1-b-2-|"
        ) { context in Observable.merge(context["a"], context["b"]) },
        MarbleExample(
            .combining, "merge-maxConcurrent", heading: "`merge()`, `merge(maxConcurrent:)`, `Observable.merge(_:)`",
            call: "map { inner[$0] }.merge(maxConcurrent: 1)",
            inputs: [.hot("source", "-x-y------|"), .cold("x", "-1-2|"), .cold("y", "-3-4|")],
            expected: "--1-2-3-4-|"
        ) { context in context["source"].map { context[$0] }.merge(maxConcurrent: 1) },
        MarbleExample(
            .combining, "flatMap", heading: "`flatMap(_:)`, `flatMapFirst(_:)`", call: "flatMap { inner[$0] }",
            inputs: [.hot("source", "-x-y-------|"), .cold("x", "-1--2--3|"), .cold("y", "-4--5|")],
            expected: "--1-42-53--|"
        ) { context in context["source"].flatMap { context[$0] } },
        MarbleExample(
            .combining, "flatMapFirst", heading: "`flatMap(_:)`, `flatMapFirst(_:)`",
            call: "flatMapFirst { inner[$0] }",
            inputs: [.hot("source", "-x--y----z---|"), .cold("x", "-1--2|"), .cold("y", "-3|"), .cold("z", "-5|")],
            expected: "--1--2----5--|"
        ) { context in context["source"].flatMapFirst { context[$0] } },
        MarbleExample(
            .combining, "concat", heading: "`concat()`, `concat(_:)`, `Observable.concat(_:)`, `concatMap(_:)`",
            call: "Observable.concat(a, b)", inputs: [.cold("a", "-1-2|"), .cold("b", "-3-4|")], expected: "-1-2-3-4|"
        ) { context in Observable.concat(context["a"], context["b"]) },
        MarbleExample(
            .combining, "concatMap", heading: "`concat()`, `concat(_:)`, `Observable.concat(_:)`, `concatMap(_:)`",
            call: "concatMap { inner[$0] }",
            inputs: [.hot("source", "-x-y--------|"), .cold("x", "-1-2-|"), .cold("y", "-3-4|")],
            expected: "--1-2--3-4--|"
        ) { context in context["source"].concatMap { context[$0] } },
        MarbleExample(
            .combining, "flatMapLatest", heading: "`flatMapLatest(_:)`, `switchLatest()`",
            call: "flatMapLatest { inner[$0] }",
            inputs: [.hot("source", "-x---y------|"), .cold("x", "-1-2-3|"), .cold("y", "-4-5|")],
            expected: "--1-2-4-5---|"
        ) { context in context["source"].flatMapLatest { context[$0] } },
        MarbleExample(
            .combining, "switchLatest", heading: "`flatMapLatest(_:)`, `switchLatest()`",
            call: "map { inner[$0] }.switchLatest()",
            inputs: [.hot("source", "-x---y------|"), .cold("x", "-1-2-3|"), .cold("y", "-4-5|")],
            expected: "--1-2-4-5---|"
        ) { context in context["source"].map { context[$0] }.switchLatest() },
        MarbleExample(
            .combining, "combineLatest", heading: "`Observable.combineLatest`",
            call: "Observable.combineLatest(a, b) { $0 + $1 }",
            inputs: [.hot("a", "-a---b---c-|"), .hot("b", "---1---2---|")], expected: "---A-B-C-D-|",
            values: ["A": "a1", "B": "b1", "C": "b2", "D": "c2"]
        ) { context in Observable.combineLatest(context["a"], context["b"]) { $0 + $1 } },
        MarbleExample(
            .combining, "zip", heading: "`Observable.zip`", call: "Observable.zip(a, b) { $0 + $1 }",
            inputs: [.hot("a", "-a-b---c---|"), .hot("b", "---1-2---3-|")], expected: "---A-B---C-|",
            values: ["A": "a1", "B": "b2", "C": "c3"]
        ) { context in Observable.zip(context["a"], context["b"]) { $0 + $1 } },
        MarbleExample(
            .combining, "withLatestFrom", heading: "`withLatestFrom(_:)`, `withLatestFrom(_:resultSelector:)`",
            call: "withLatestFrom(other)", inputs: [.hot("source", "---x---y-z-|"), .hot("other", "-a---b-----|")],
            expected: "---a---b-b-|"
        ) { context in context["source"].withLatestFrom(context["other"]) },
        MarbleExample(
            .combining, "withLatestFrom-selector", heading: "`withLatestFrom(_:)`, `withLatestFrom(_:resultSelector:)`",
            call: "withLatestFrom(other) { $0 + $1 }",
            inputs: [.hot("source", "-x---y-z-|"), .hot("other", "---a---b-|")], expected: "-----A-B-|",
            values: ["A": "ya", "B": "za"]
        ) { context in context["source"].withLatestFrom(context["other"]) { $0 + $1 } },
        MarbleExample(
            .combining, "startWith", heading: "`startWith(_:)`", call: "startWith(\"z\")",
            inputs: [.hot("source", "---a-b-|")], expected: "z--a-b-|"
        ) { context in context["source"].startWith("z") },
        MarbleExample(
            .combining, "take-until", heading: "`take(until:)`", call: "take(until: other)",
            inputs: [.hot("source", "-a-b-c-d-|"), .hot("other", "----x-----")], expected: "-a-b|"
        ) { context in context["source"].take(until: context["other"]) },
        MarbleExample(
            .combining, "take-until-predicate", heading: "`take(until:behavior:)`",
            call: "take(until: { $0 == \"c\" }, behavior: .inclusive)", inputs: [.hot("source", "-a-b-c-d-|")],
            expected: "-a-b-(c|)"
        ) { context in context["source"].take(until: { $0 == "c" }, behavior: .inclusive) },
        MarbleExample(
            .combining, "skip-until", heading: "`skip(until:)`", call: "skip(until: other)",
            inputs: [.hot("source", "-a-b-c-d-|"), .hot("other", "----x-----")], expected: "-----c-d-|"
        ) { context in context["source"].skip(until: context["other"]) },
        MarbleExample(
            .combining, "sample", heading: "`sample(_:defaultValue:)`", call: "sample(sampler)",
            inputs: [.hot("source", "-a-b-c-----|"), .hot("sampler", "---x---x-x-|")], expected: "---b---c---|"
        ) { context in context["source"].sample(context["sampler"]) },
        MarbleExample(
            .combining, "amb", heading: "`amb(_:)`, `Observable.amb(_:)`", call: "Observable.amb([a, b])",
            inputs: [.hot("a", "---a-b-|"), .hot("b", "-1-2-3-|")], expected: "-1-2-3-|"
        ) { context in Observable.amb([context["a"], context["b"]]) },
    ]
}
