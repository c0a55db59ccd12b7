import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

/// `take(until:)`, `skip(until:)`, `sample(_:defaultValue:)` and `amb(_:)` with the source and
/// the other sequence sending from two threads at once: downstream is called one event at a time, the
/// source's elements arrive in order, there is at most one terminal event and nothing after it,
/// and every sink is gone at the end. Run under `swift test --sanitize=thread`.
///
/// What the tests of operators of a source and another sequence under contention share; each operator's mirror file subclasses it.
class UntilContentionTestCase: RxTestCase {
    let rounds = 40

    let count = 2_000

    /// A sequence whose single subscriber's observer is handed to the test, to send from any thread.
    func capturedSource<Element>() -> (Observable<Element>, Locked<AnyObserver<Element>?>) {
        let kept = Locked<AnyObserver<Element>?>(nil)
        let source = Observable<Element>.create { observer in
            kept.value = observer
            return Disposables.create()
        }
        return (source, kept)
    }

    /// Runs `sendSource` and `sendOther` on two threads at once; `sendOther` is given how many
    /// source elements have been sent so far, to start at a point of its choosing.
    func race(
        sendSource: @escaping @Sendable (Counter) -> Void, sendOther: @escaping @Sendable (Counter) -> Void
    ) {
        let sent = Counter()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                sendSource(sent)
            } else {
                sendOther(sent)
            }
        }
    }

    /// Spins (bounded) until `sent` reaches `target` or the source has finished.
    static func waitUntil(_ sent: Counter, reaches target: Int, total: Int) {
        let deadline = Date().addingTimeInterval(5)
        while sent.value < min(target, total), Date() < deadline {}
    }
}
