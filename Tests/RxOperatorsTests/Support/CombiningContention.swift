import Dispatch
import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Synchronization
import XCTest

/// `combineLatest`, `zip` and `withLatestFrom` fed by sources that each send from a thread of
/// their own, all at once. Each test checks that the downstream observer is never entered by two
/// threads at once, that every source's elements keep their order, that nothing arrives after
/// the terminal event, which arrives once, and that every sink is gone afterwards. Run under
/// `swift test --sanitize=thread`.
///
/// What the combining operators' tests under contention share; each operator's mirror file subclasses it.
class CombiningContentionTestCase: RxTestCase {
    let rounds = 20

    let count = 2_000

    /// What the downstream observer saw, checked for overlapping calls as it goes.
    final class Recording<Element>: @unchecked Sendable {
        // @unchecked Sendable: `elements` and `terminals` are touched only inside `enter()` /
        // `leave()` pairs, which `overlaps` proves never overlap, and read after the run.
        private let inFlight = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let afterTerminal = Atomic<Int>(0)
        var elements: [Element] = []
        var terminals = 0

        func enter() {
            if inFlight.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue != 1 {
                overlaps.wrappingAdd(1, ordering: .relaxed)
            }
        }

        func leave() {
            inFlight.wrappingSubtract(1, ordering: .acquiringAndReleasing)
        }

        func observer() -> AnyObserver<Element> {
            AnyObserver { event in
                self.enter()
                defer { self.leave() }
                if self.terminals > 0 {
                    self.afterTerminal.wrappingAdd(1, ordering: .relaxed)
                }
                switch event {
                case .next(let element):
                    self.elements.append(element)
                case .error, .completed:
                    self.terminals += 1
                }
            }
        }
    }

    /// Runs `send(i)` for every source index at once, each on a thread of its own.
    func sendConcurrently(sources: Int, _ send: @escaping @Sendable (Int) -> Void) {
        DispatchQueue.concurrentPerform(iterations: sources, execute: send)
    }
}
