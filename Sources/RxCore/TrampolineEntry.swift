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
}
