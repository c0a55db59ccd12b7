import RxDisposables

/// A process-wide, first-come first-served lock for leak-checked Swift Testing tests.
///
/// `Resources.total` counts the objects of the whole process, so a leak check is
/// only exact while no other counted test runs. Swift Testing runs tests in parallel; the
/// scopes of ``LeakCheckTrait`` take this gate for the whole test, which runs leak-checked
/// tests one at a time while the suspended waiters hold no thread.
final class LeakCheckGate: Sendable {
    /// The one gate; it must be shared by every leak-checked test in the process.
    static let shared = LeakCheckGate()

    // RxMutex rather than Mutex: ThreadSanitizer does not see a plain Mutex's ordering on Linux.
    private let state = RxMutex<(isHeld: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Suspends until the gate is free, then holds it.
    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state in
                if state.isHeld {
                    state.waiters.append(continuation)
                    return false
                }
                state.isHeld = true
                return true
            }
            if acquired {
                continuation.resume()
            }
        }
    }

    /// Hands the gate to the longest waiter, or frees it.
    func release() {
        let next: CheckedContinuation<Void, Never>? = state.withLock { state in
            if state.waiters.isEmpty {
                state.isHeld = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
