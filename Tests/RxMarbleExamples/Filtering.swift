import RxCore
import RxOperators

extension MarbleExample {
    /// Filtering elements, and the conditions on a sequence's emptiness.
    static let filtering: [MarbleExample] = [
        MarbleExample(
            .filtering, "filter", heading: "`filter(_:)`", call: "filter { Int($0)! % 2 == 0 }",
            inputs: [.hot("source", "-1-2-3-4-|")], expected: "---2---4-|"
        ) { context in context["source"].filter { (Int($0) ?? 0) % 2 == 0 } },
        MarbleExample(
            .filtering, "take", heading: "`take(_:)`", call: "take(2)", inputs: [.hot("source", "-a-b-c-d-|")],
            expected: "-a-(b|)"
        ) { context in context["source"].take(2) },
        MarbleExample(
            .filtering, "take-while", heading: "`take(while:behavior:)`", call: "take(while: { Int($0)! < 3 })",
            inputs: [.hot("source", "-1-2-5-1-|")], expected: "-1-2-|"
        ) { context in context["source"].take(while: { (Int($0) ?? 0) < 3 }) },
        MarbleExample(
            .filtering, "take-while-inclusive", heading: "`take(while:behavior:)`",
            call: "take(while: { Int($0)! < 3 }, behavior: .inclusive)", inputs: [.hot("source", "-1-2-5-1-|")],
            expected: "-1-2-(5|)"
        ) { context in context["source"].take(while: { (Int($0) ?? 0) < 3 }, behavior: .inclusive) },
        MarbleExample(
            .filtering, "skip", heading: "`skip(_:)`", call: "skip(2)", inputs: [.hot("source", "-a-b-c-d-|")],
            expected: "-----c-d-|"
        ) { context in context["source"].skip(2) },
        MarbleExample(
            .filtering, "distinctUntilChanged", heading: "`distinctUntilChanged()` and its forms",
            call: "distinctUntilChanged()", inputs: [.hot("source", "-a-a-b-b-a-|")], expected: "-a---b---a-|"
        ) { context in context["source"].distinctUntilChanged() },
        MarbleExample(
            .filtering, "distinctUntilChanged-key", heading: "`distinctUntilChanged()` and its forms",
            call: "distinctUntilChanged { $0.lowercased() }", inputs: [.hot("source", "-a-A-b-B-a-|")],
            expected: "-a---b---a-|"
        ) { context in context["source"].distinctUntilChanged { $0.lowercased() } },
        MarbleExample(
            .filtering, "elementAt", heading: "`element(at:)`", call: "element(at: 1)",
            inputs: [.hot("source", "-a-b-c-|")], expected: "---(b|)"
        ) { context in context["source"].element(at: 1) },
        MarbleExample(
            .filtering, "ignoreElements", heading: "`ignoreElements()`", call: "ignoreElements()",
            inputs: [.hot("source", "-a-b-c-|")], expected: "-------|"
        ) { context in context["source"].ignoreElements().strings() },
        MarbleExample(
            .filtering, "takeLast", heading: "`takeLast(_:)`", call: "takeLast(2)",
            inputs: [.hot("source", "-a-b-c-d-|")], expected: "---------(cd|)"
        ) { context in context["source"].takeLast(2) },
        MarbleExample(
            .filtering, "skip-while", heading: "`skip(while:)`", call: "skip(while: { Int($0)! < 3 })",
            inputs: [.hot("source", "-1-2-5-1-|")], expected: "-----5-1-|"
        ) { context in context["source"].skip(while: { (Int($0) ?? 0) < 3 }) },
        MarbleExample(
            .filtering, "single", heading: "`single()`, `single(_:)`", call: "single()",
            inputs: [.hot("source", "-a-b-|")], expected: "-a-#",
            error: RxError.moreThanOneElement
        ) { context in context["source"].single() },
        MarbleExample(
            .filtering, "single-predicate", heading: "`single()`, `single(_:)`", call: "single { $0 == \"b\" }",
            inputs: [.hot("source", "-a-b-c-|")], expected: "---b---|"
        ) { context in context["source"].single { $0 == "b" } },
        MarbleExample(
            .conditions, "ifEmpty-default", heading: "`ifEmpty(default:)`, `ifEmpty(switchTo:)`",
            call: "ifEmpty(default: \"z\")", inputs: [.hot("source", "----|")], expected: "----(z|)"
        ) { context in context["source"].ifEmpty(default: "z") },
        MarbleExample(
            .conditions, "ifEmpty-switchTo", heading: "`ifEmpty(default:)`, `ifEmpty(switchTo:)`",
            call: "ifEmpty(switchTo: other)", inputs: [.hot("source", "----|"), .cold("other", "-x-y|")],
            expected: "-----x-y|"
        ) { context in context["source"].ifEmpty(switchTo: context["other"]) },
    ]
}

extension ObservableType where Element == Never {
    /// The sequence with its (impossible) elements typed as strings, so that it can be drawn.
    func strings() -> Observable<String> {
        Observable.create { observer in
            subscribe { event in
                switch event {
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }
}
