import RxCore
import RxOperators
import RxRelay
import RxTestSupport

// Each case misuses one entry point the way Docs/Reliability.md says stops the program; the
// script that runs this checks the message on standard error.
let misuses: [String: () -> Void] = [
    "replay-subject": { _ = ReplaySubject<Int>.create(bufferSize: -1) },
    "replay-relay": { _ = ReplayRelay<Int>.create(bufferSize: -1) },
    "replay": { _ = Observable.just(1).replay(-1) },
    "share": { _ = Observable.just(1).share(replay: -1) },
    "test-scheduler-frame": { _ = TestScheduler(initialClock: 0, ticksPerFrame: 0) },
    "test-scheduler-resolution": { _ = TestScheduler(initialClock: 0, resolution: 0) },
    "test-scheduler-start": {
        _ = TestScheduler(initialClock: 0).start(created: 300, subscribed: 200, disposed: 1000) {
            Observable.just(1)
        }
    },
    "take": { _ = Observable.just(1).take(-1) },
]

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--list" {
    print(misuses.keys.sorted().joined(separator: "\n"))
} else if let name = arguments.first, let misuse = misuses[name] {
    misuse()
    print("\(name): did not stop")
} else {
    print("usage: release-stops --list | CASE")
}
