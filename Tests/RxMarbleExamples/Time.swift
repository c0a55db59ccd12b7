import Dispatch
import RxCore
import RxOperators

extension MarbleExample {
    /// Time operators, on a `TestScheduler` whose tick is one second, so `.seconds(20)` is
    /// two frames.
    static let time: [MarbleExample] = [
        MarbleExample(
            .time, "timer", heading: "`timer(_:period:scheduler:)`",
            call: "Observable.timer(.seconds(30), scheduler: s)",
            expected: "---(0|)"
        ) { context in Observable<Int>.timer(.seconds(30), scheduler: context.scheduler).map { String($0) } },
        MarbleExample(
            .time, "timer-period", heading: "`timer(_:period:scheduler:)`",
            call: "Observable.timer(.seconds(30), period: .seconds(20), scheduler: s).take(4)",
            expected: "---0-1-2-(3|)"
        ) { context in
            Observable<Int>.timer(.seconds(30), period: .seconds(20), scheduler: context.scheduler).take(4)
                .map { String($0) }
        },
        MarbleExample(
            .time, "interval", heading: "`interval(_:scheduler:)`",
            call: "Observable.interval(.seconds(20), scheduler: s).take(4)", expected: "--0-1-2-(3|)"
        ) { context in
            Observable<Int>.interval(.seconds(20), scheduler: context.scheduler).take(4).map { String($0) }
        },
        MarbleExample(
            .time, "debounce", heading: "`debounce(_:scheduler:)`", call: "debounce(.seconds(20), scheduler: s)",
            inputs: [.hot("source", "-a-b-----c-d-e----|")], expected: "-----b---------e--|"
        ) { context in context["source"].debounce(.seconds(20), scheduler: context.scheduler) },
        MarbleExample(
            .time, "throttle", heading: "`throttle(_:latest:scheduler:)`", call: "throttle(.seconds(30), scheduler: s)",
            inputs: [.hot("source", "-a-b-c---d-e-----|")], expected: "-a--b--c--d--e---|"
        ) { context in context["source"].throttle(.seconds(30), scheduler: context.scheduler) },
        MarbleExample(
            .time, "throttle-first", heading: "`throttle(_:latest:scheduler:)`",
            call: "throttle(.seconds(30), latest: false, scheduler: s)",
            inputs: [.hot("source", "-a-b-c---d-e-----|")], expected: "-a---c---d-------|"
        ) { context in context["source"].throttle(.seconds(30), latest: false, scheduler: context.scheduler) },
        MarbleExample(
            .time, "take-for", heading: "`take(for:scheduler:)`", call: "take(for: .seconds(40), scheduler: s)",
            inputs: [.hot("source", "-a-b-c-d-|")], expected: "-a-b|"
        ) { context in context["source"].take(for: .seconds(40), scheduler: context.scheduler) },
        MarbleExample(
            .time, "skip-for", heading: "`skip(_:scheduler:)`", call: "skip(.seconds(40), scheduler: s)",
            inputs: [.hot("source", "-a-b-c-d-|")], expected: "-----c-d-|"
        ) { context in context["source"].skip(.seconds(40), scheduler: context.scheduler) },
        MarbleExample(
            .time, "delaySubscription", heading: "`delaySubscription(_:scheduler:)`",
            call: "delaySubscription(.seconds(30), scheduler: s)", inputs: [.cold("source", "-a-b|")],
            expected: "----a-b|"
        ) { context in context["source"].delaySubscription(.seconds(30), scheduler: context.scheduler) },
        MarbleExample(
            .time, "buffer", heading: "`buffer(timeSpan:count:scheduler:)`",
            call: "buffer(timeSpan: .seconds(50), count: 2, scheduler: s)",
            inputs: [.hot("source", "-a-b-c---d-----|")], expected: "---A----B----C-(D|)",
            values: ["A": "[a,b]", "B": "[c]", "C": "[d]", "D": "[]"]
        ) { context in
            context["source"].buffer(timeSpan: .seconds(50), count: 2, scheduler: context.scheduler)
                .map { "[" + $0.joined(separator: ",") + "]" }
        },
        MarbleExample(
            .time, "window", heading: "`window(timeSpan:count:scheduler:)`",
            call: "window(timeSpan: .seconds(50), count: 2, scheduler: s)",
            inputs: [.hot("source", "-a-b-c---d-|")], expected: "A--B----C--|",
            values: ["A": "w1", "B": "w2", "C": "w3"]
        ) { context in
            var count = 0
            return context["source"].window(timeSpan: .seconds(50), count: 2, scheduler: context.scheduler).map {
                window in
                count += 1
                context.record(window.asObservable(), label: "w\(count)")
                return "w\(count)"
            }
        },
        MarbleExample(
            .time, "delay", heading: "`delay(_:scheduler:)`", call: "delay(.seconds(20), scheduler: s)",
            inputs: [.hot("source", "-a-b--c-|")], expected: "---a-b--c-|"
        ) { context in context["source"].delay(.seconds(20), scheduler: context.scheduler) },
        MarbleExample(
            .time, "timeout", heading: "`timeout(_:scheduler:)`, `timeout(_:other:scheduler:)`",
            call: "timeout(.seconds(30), scheduler: s)", inputs: [.hot("source", "-a-b------c-|")], expected: "-a-b--#",
            error: RxError.timeout
        ) { context in context["source"].timeout(.seconds(30), scheduler: context.scheduler) },
        MarbleExample(
            .time, "timeout-other", heading: "`timeout(_:scheduler:)`, `timeout(_:other:scheduler:)`",
            call: "timeout(.seconds(30), other: fallback, scheduler: s)",
            inputs: [.hot("source", "-a-b------c-|"), .cold("fallback", "-x-y|")], expected: "-a-b---x-y|"
        ) { context in
            context["source"].timeout(.seconds(30), other: context["fallback"], scheduler: context.scheduler)
        },
    ]
}
