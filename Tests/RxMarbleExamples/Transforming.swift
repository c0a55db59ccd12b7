import Foundation
import RxCore
import RxOperators

extension MarbleExample {
    /// Transforming elements.
    static let transforming: [MarbleExample] = [
        MarbleExample(
            .transforming, "map", heading: "`map(_:)`", call: "map { $0.uppercased() }",
            inputs: [.hot("source", "-a-b-c-|")], expected: "-A-B-C-|"
        ) { context in context["source"].map { $0.uppercased() } },
        MarbleExample(
            .transforming, "compactMap", heading: "`compactMap(_:)`", call: "compactMap { Int($0) }",
            inputs: [.hot("source", "-1-x-2-y-|")], expected: "-1---2---|"
        ) { context in context["source"].compactMap { Int($0) }.map { String($0) } },
        MarbleExample(
            .transforming, "scan", heading: "`scan(_:accumulator:)`, `scan(into:accumulator:)`",
            call: "scan(0) { $0 + Int($1)! }", inputs: [.hot("source", "-1-2-3-|")], expected: "-1-3-6-|"
        ) { context in context["source"].scan(0) { $0 + (Int($1) ?? 0) }.map { String($0) } },
        MarbleExample(
            .transforming, "scan-into", heading: "`scan(_:accumulator:)`, `scan(into:accumulator:)`",
            call: "scan(into: \"\") { $0 += $1 }", inputs: [.hot("source", "-a-b-c-|")], expected: "-a-B-C-|",
            values: ["B": "ab", "C": "abc"]
        ) { context in context["source"].scan(into: "") { $0 += $1 } },
        MarbleExample(
            .transforming, "reduce", heading: "`reduce(_:accumulator:)`, `reduce(_:accumulator:mapResult:)`",
            call: "reduce(0) { $0 + Int($1)! }", inputs: [.hot("source", "-1-2-3-|")], expected: "-------(6|)"
        ) { context in context["source"].reduce(0) { $0 + (Int($1) ?? 0) }.map { String($0) } },
        MarbleExample(
            .transforming, "enumerated", heading: "`enumerated()`", call: "enumerated()",
            inputs: [.hot("source", "-a-b-c-|")], expected: "-A-B-C-|", values: ["A": "0:a", "B": "1:b", "C": "2:c"]
        ) { context in context["source"].enumerated().map { "\($0.index):\($0.element)" } },
        MarbleExample(
            .transforming, "materialize", heading: "`materialize()`, `dematerialize()`", call: "materialize()",
            inputs: [.hot("source", "-a-b-#")], expected: "-A-B-(E|)",
            values: ["A": "next(a)", "B": "next(b)", "E": "error"]
        ) { context in
            context["source"].materialize().map { event in
                switch event {
                case .next(let value): "next(\(value))"
                case .error: "error"
                case .completed: "completed"
                }
            }
        },
        MarbleExample(
            .transforming, "dematerialize", heading: "`materialize()`, `dematerialize()`",
            call: "map { $0 == \"x\" ? .error(e) : .next($0) }.dematerialize()",
            inputs: [.hot("source", "-a-b-x-|")], expected: "-a-b-#"
        ) { context in
            context["source"].map { $0 == "x" ? Event<String>.error(MarbleError()) : .next($0) }.dematerialize()
        },
        MarbleExample(
            .transforming, "decode", heading: "`decode(type:decoder:)`",
            call: "map { Data($0.utf8) }.decode(type: Int.self, decoder: JSONDecoder())",
            inputs: [.hot("source", "-1-2-|")], expected: "-1-2-|"
        ) { context in
            context["source"].map { Data($0.utf8) }.decode(type: Int.self, decoder: JSONDecoder()).map { String($0) }
        },
        MarbleExample(
            .transforming, "withUnretained", heading: "`withUnretained(_:)`, `withUnretained(_:resultSelector:)`",
            call: "withUnretained(owner) { owner, value in value }", inputs: [.hot("source", "-a-b-|")],
            expected: "-a-b-|"
        ) { context in context["source"].withUnretained(context.scheduler) { _, value in value } },
        MarbleExample(
            .transforming, "groupBy", heading: "`groupBy(keySelector:)`",
            call: "groupBy { Int($0)! % 2 == 0 ? \"even\" : \"odd\" }",
            inputs: [.hot("source", "-1-2-3-4-5-|")], expected: "-O-E-------|", values: ["O": "odd", "E": "even"]
        ) { context in
            context["source"].groupBy { (Int($0) ?? 0) % 2 == 0 ? "even" : "odd" }.map { group in
                context.record(group.asObservable(), label: group.key)
                return group.key
            }
        },
    ]
}
