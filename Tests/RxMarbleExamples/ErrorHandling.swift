import Dispatch
import RxCore
import RxOperators

extension MarbleExample {
    /// Recovering from errors, and the side-effect operators.
    static let errorHandling: [MarbleExample] = [
        MarbleExample(
            .errorHandling, "catch", heading: "`catch(_:)`, `catchAndReturn(_:)`", call: "catch { _ in fallback }",
            inputs: [.hot("source", "-a-b-#"), .cold("fallback", "-x-y|")], expected: "-a-b--x-y|"
        ) { context in context["source"].catch { _ in context["fallback"] } },
        MarbleExample(
            .errorHandling, "catchAndReturn", heading: "`catch(_:)`, `catchAndReturn(_:)`",
            call: "catchAndReturn(\"z\")", inputs: [.hot("source", "-a-b-#")], expected: "-a-b-(z|)"
        ) { context in context["source"].catchAndReturn("z") },
        MarbleExample(
            .errorHandling, "catch-sequence", heading: "`Observable.catch(sequence:)`",
            call: "Observable.catch(sequence: [a, b])", inputs: [.cold("a", "-1-#"), .cold("b", "-2|")],
            expected: "-1--2|"
        ) { context in Observable.catch(sequence: [context["a"], context["b"]]) },
        MarbleExample(
            .errorHandling, "retry", heading: "`retry()`, `retry(_:)`", call: "retry(2)",
            inputs: [.cold("source", "-a-#")], expected: "-a--a-#"
        ) { context in context["source"].retry(2) },
        MarbleExample(
            .errorHandling, "retry-forever", heading: "`retry()`, `retry(_:)`", call: "retry().take(3)",
            inputs: [.cold("source", "-a-#")], expected: "-a--a--(a|)"
        ) { context in context["source"].retry().take(3) },
        MarbleExample(
            .errorHandling, "retry-when", heading: "`retry(when:)`",
            call: "retry { $0.delay(.seconds(20), scheduler: s).take(1) }",
            inputs: [.cold("source", "-a-#")], expected: "-a----a-|"
        ) { context in
            let scheduler = context.scheduler
            return context["source"].retry { (errors: Observable<any Error>) in
                errors.delay(.seconds(20), scheduler: scheduler).take(1)
            }
        },
        MarbleExample(
            .sideEffects, "do",
            heading: "`do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:"
                + "onSubscribed:onDispose:)`",
            call: "do(onNext: { log.append($0) })", inputs: [.hot("source", "-a-b-|")], expected: "-a-b-|"
        ) { context in
            var log: [String] = []
            return context["source"].do(onNext: { log.append($0) })
        },
    ]
}
