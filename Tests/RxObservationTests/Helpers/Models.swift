import Foundation
import Observation
import RxOperators

/// A model of two numbers and a flag saying which of them an expression reads.
@Observable final class Pair: ReactiveCompatible {
    var a = 0
    var b = 0
    var useB = false
    var label = ""
}

/// A view model confined to the main actor, as an application's are.
@MainActor @Observable final class Screen: ReactiveCompatible {
    var title = ""
    var items: [String] = []
}

// @unchecked Sendable: every property is read and written holding `lock` (see `transact`).
/// A model changed from several threads: each transaction holds `lock` from its first change to
/// its last, and sets both numbers to the same value, so a reader holding the same lock never
/// sees them differ.
@Observable final class Tally: ReactiveCompatible, @unchecked Sendable {
    @ObservationIgnored let lock = NSLock()
    var first = 0
    var second = 0

    /// Sets both numbers to `value`, as one transaction.
    func transact(_ value: Int) {
        lock.lock()
        defer { lock.unlock() }
        first = value
        second = value
    }

    /// Both numbers, read holding the lock.
    var snapshot: (Int, Int) {
        lock.lock()
        defer { lock.unlock() }
        return (first, second)
    }
}
