/// The per-element work shared by every side of a scenario.
///
/// The constants come through a call the optimiser cannot see through, so no side can fold its
/// chain into a closed-form sum and every element really travels the whole chain.
package enum Workload {
    /// What each `map` adds.
    package static var step: Int { opaque(1) }
    /// What each `filter` rejects; no element ever equals it, so every element passes.
    package static var sentinel: Int { opaque(Int.min) }
}

/// Where a scenario's sink adds up what reaches it; a class so that closures share it.
package final class Accumulator {
    package var sum = 0

    package init() {}
}

@inline(never)
package func opaque(_ value: Int) -> Int {
    value
}

// Not generic: a closure that passed through a generic parameter would be called through
// reabstraction thunks, which no side pays.

@inline(never)
package func opaque(_ closure: @escaping (Int) -> Void) -> (Int) -> Void {
    closure
}

@inline(never)
package func opaque(_ closure: @escaping (Int) -> Int) -> (Int) -> Int {
    closure
}

/// The sum of `0..<count`, each element shifted by `offset`.
package func shiftedSum(count: Int, offset: Int) -> Int {
    count * (count - 1) / 2 + count * offset
}
