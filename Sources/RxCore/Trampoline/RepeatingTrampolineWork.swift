/// Work that takes many turns on the current thread's trampoline, one turn per queue entry.
package protocol RepeatingTrampolineWork: AnyObject {
    /// Runs one turn. It may queue the next turn through the same ``ReusableTrampolineEntry``.
    func runTrampolineTurn()
}
