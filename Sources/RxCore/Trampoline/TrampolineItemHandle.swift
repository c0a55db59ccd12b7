import RxDisposables

/// The disposable ``CurrentThreadScheduler/schedule(_:action:)`` returns for a queued action: it
/// cancels the action, or disposes what the action returned.
///
/// A struct holding the item, so that it fits in the returned existential without an allocation,
/// and so that the item itself, which its queue reuses once nothing else refers to it, is never
/// handed out where it could be referred to weakly.
@usableFromInline
struct TrampolineItemHandle: Cancelable {
    @usableFromInline
    let item: TrampolineItem

    @usableFromInline
    init(item: TrampolineItem) {
        self.item = item
    }

    @usableFromInline
    var isDisposed: Bool {
        item.isDisposed
    }

    @usableFromInline
    func dispose() {
        item.dispose()
    }
}
