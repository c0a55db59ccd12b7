/// The per-element work shared by every side of a scenario.
///
/// The constants come through a call the optimiser cannot see through, so no side can fold its
/// chain into a closed-form sum and every element really travels the whole chain.
enum Workload {
    /// What each `map` adds.
    static var step: Int { opaque(1) }
    /// What each `filter` rejects; no element ever equals it, so every element passes.
    static var sentinel: Int { opaque(Int.min) }

    /// The closure every `map` of every side applies: adds ``step``.
    static var transform: (Int) -> Int {
        let step = step
        return opaque { $0 &+ step }
    }

    /// The closure every `filter` of every side applies: keeps all but ``sentinel``.
    static var keep: (Int) -> Bool {
        let sentinel = sentinel
        return opaque { $0 != sentinel }
    }
}

/// Where a scenario's sink adds up what reaches it; a class so that closures share it.
final class Accumulator {
    var sum = 0
}

@inline(never)
func opaque(_ value: Int) -> Int {
    value
}

// One overload per closure type, not one generic function: a closure that passed through a
// generic parameter would be called through reabstraction thunks, which no side pays.

@inline(never)
func opaque(_ closure: @escaping (Int) -> Int) -> (Int) -> Int {
    closure
}

@inline(never)
func opaque(_ closure: @escaping (Int) -> Bool) -> (Int) -> Bool {
    closure
}

@inline(never)
func opaque(_ closure: @escaping (Int) -> Void) -> (Int) -> Void {
    closure
}

/// The sum of `0..<count`, each element shifted by `offset`.
func shiftedSum(count: Int, offset: Int) -> Int {
    count * (count - 1) / 2 + count * offset
}
