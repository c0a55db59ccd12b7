import RxCore
import RxOperators
import RxTestSupport

extension MarbleExample {
    /// Sharing one subscription: the line below the output is a second subscriber.
    static let multicasting: [MarbleExample] = [
        MarbleExample(
            .multicasting, "share-replay", heading: "`share(replay:scope:)`",
            call: "share(replay: 1): first subscribes at 0, late at 4", inputs: [.cold("source", "-a-b-c-d-|")],
            expected: "----bc-d-|", subscribed: 240, outputLabel: "late"
        ) { context in
            let shared = context["source"].share(replay: 1)
            context.record(shared, label: "first", at: 200)
            return shared
        },
        MarbleExample(
            .multicasting, "publish", heading: "`publish()`, `replay(_:)`, `replayAll()`",
            call: "publish(), connected at frame 2", inputs: [.hot("source", "-a-b-c-d-|")], expected: "---b-c-d-|"
        ) { context in connected(context["source"].publish(), at: 220, context) },
        MarbleExample(
            .multicasting, "replay", heading: "`publish()`, `replay(_:)`, `replayAll()`",
            call: "replay(2), connected at 0, late subscriber at 6", inputs: [.hot("source", "-a-b-c-d-|")],
            expected: "------(bc)d-|", subscribed: 260, outputLabel: "late"
        ) { context in connected(context["source"].replay(2), at: 200, context) },
        MarbleExample(
            .multicasting, "replayAll", heading: "`publish()`, `replay(_:)`, `replayAll()`",
            call: "replayAll(), connected at 0, late subscriber at 6", inputs: [.hot("source", "-a-b-c-d-|")],
            expected: "------(abc)d-|", subscribed: 260, outputLabel: "late"
        ) { context in connected(context["source"].replayAll(), at: 200, context) },
        MarbleExample(
            .multicasting, "multicast", heading: "`multicast(_:)`, `multicast(makeSubject:)`",
            call: "multicast(makeSubject: { PublishSubject() }), connected at frame 2",
            inputs: [.hot("source", "-a-b-c-d-|")], expected: "---b-c-d-|"
        ) { context in
            connected(context["source"].multicast(makeSubject: { PublishSubject<String>() }), at: 220, context)
        },
        MarbleExample(
            .multicasting, "multicast-selector", heading: "`multicast(_:selector:)`",
            call: "multicast({ PublishSubject() }) { s in Observable.zip(s, s.skip(1)) { $0 + $1 } }",
            inputs: [.cold("source", "-a-b-c-|")], expected: "---A-B-|", values: ["A": "ab", "B": "bc"]
        ) { context in
            context["source"].multicast({ PublishSubject<String>() }) { shared in
                Observable.zip(shared, shared.skip(1)) { $0 + $1 }
            }
        },
        MarbleExample(
            .multicasting, "refCount", heading: "`refCount()` (on `ConnectableObservableType`)",
            call: "publish().refCount(): first subscribes at 0, late at 4", inputs: [.cold("source", "-a-b-c-d-|")],
            expected: "-----c-d-|", subscribed: 240, outputLabel: "late"
        ) { context in
            let shared = context["source"].publish().refCount()
            context.record(shared, label: "first", at: 200)
            return shared
        },
        MarbleExample(
            .scheduling, "observeOn", heading: "`observe(on:)`", call: "observe(on: s)",
            inputs: [.hot("source", "-a-b-|")], expected: "--a-b-|", ticksPerFrame: 1
        ) { context in context["source"].observe(on: context.scheduler) },
        MarbleExample(
            .scheduling, "subscribeOn", heading: "`subscribe(on:)`", call: "subscribe(on: s)",
            inputs: [.cold("source", "-a-b|")], expected: "--a-b|", ticksPerFrame: 1
        ) { context in context["source"].subscribe(on: context.scheduler) },
    ]

    /// What a late subscriber (at frame 4) sees of each kind of subject fed by the source; the
    /// line below it is a subscriber from frame zero.
    static let subjects: [MarbleExample] = [
        MarbleExample(
            .subjects, "PublishSubject", heading: "The subjects in diagrams", document: "Docs/Subjects.md",
            call: "PublishSubject(): only what comes after subscribing",
            inputs: [.hot("source", "-a-b-c-d-|")], expected: "-----c-d-|", subscribed: 240, outputLabel: "late"
        ) { context in subject(PublishSubject<String>(), context) },
        MarbleExample(
            .subjects, "BehaviorSubject", heading: "The subjects in diagrams", document: "Docs/Subjects.md",
            call: "BehaviorSubject(value: \"z\"): the latest, then the rest",
            inputs: [.hot("source", "-a-b-c-d-|")], expected: "----bc-d-|", subscribed: 240, outputLabel: "late"
        ) { context in subject(BehaviorSubject(value: "z"), context) },
        MarbleExample(
            .subjects, "ReplaySubject", heading: "The subjects in diagrams", document: "Docs/Subjects.md",
            call: "ReplaySubject (bufferSize: 2): the last two, then the rest",
            inputs: [.hot("source", "-a-b-c-d-|")], expected: "----(ab)c-d-|", subscribed: 240, outputLabel: "late"
        ) { context in subject(ReplaySubject<String>.create(bufferSize: 2), context) },
        MarbleExample(
            .subjects, "AsyncSubject", heading: "The subjects in diagrams", document: "Docs/Subjects.md",
            call: "AsyncSubject(): the last element, at completion",
            inputs: [.hot("source", "-a-b-c-d-|")], expected: "---------(d|)", subscribed: 240, outputLabel: "late"
        ) { context in subject(AsyncSubject<String>(), context) },
    ]

    /// `connectable`, connected at `time` until the end of the example.
    private static func connected(
        _ connectable: ConnectableObservable<String>, at time: TestTime, _ context: MarbleContext
    ) -> Observable<String> {
        context.scheduler.scheduleAt(time) { context.disposeAtEnd(connectable.connect()) }
        return connectable.asObservable()
    }

    /// `subject` fed by the source from the start, with a subscriber from frame zero recorded.
    private static func subject<Subject: SubjectType>(_ subject: Subject, _ context: MarbleContext) -> Observable<
        String
    >
    where Subject.Element == String, Subject.Observer.Element == String {
        context.disposeAtEnd(context["source"].subscribe(subject.asObserver()))
        context.record(subject.asObservable(), label: "early", at: 200)
        return subject.asObservable()
    }
}
