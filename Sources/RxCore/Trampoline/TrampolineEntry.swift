import RxDisposables

/// Something waiting in a ``TrampolineQueue`` to run once.
///
/// A class rather than a protocol, so that the queue stores plain references and runs them
/// through the class's method table, with no existential container around each entry.
@usableFromInline
package class TrampolineEntry {
    /// An entry that is not queued yet.
    @usableFromInline
    package init() {}

    /// Runs the entry's turn.
    func run() {
        rxAbstractMethod()
    }

    /// Called after the entry's turn when the queue holds the only reference to it. An entry that
    /// can be filled again (a ``TrampolineItem``) empties itself and returns `true`; the queue
    /// then keeps it as a spare.
    func emptyForReuse() -> Bool {
        false
    }
}
