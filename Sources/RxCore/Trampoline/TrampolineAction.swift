import RxDisposables
import Synchronization

// Safety invariants of the payload kept behind raw pointers, which every member keeps:
//
// - `storage` holds, at any moment, exactly what `phase` says: the payload (moved in by
//   `holding`, whose `body` is the only code that knows its type) while queued, the action's
//   disposable once finished, nothing when running or disposed. Each move out of `storage` is
//   made by the one caller that moved `phase` out of the phase in which it holds something, an
//   atomic exchange or compare-and-exchange that exactly one caller wins; so no two accesses to
//   `storage` or `body` overlap, and their runtime exclusivity checks are left out.
// - `holding` stores a payload inline only when its size and alignment fit the five words of
//   `storage` (checked with `MemoryLayout`); a larger one goes in a closure context, which fits,
//   as does the action's disposable (asserted in `init`).

// @unchecked Sendable: `phase` is atomic, `storage` is touched only by the caller that moved
// `phase` out of the phase in which storage holds something, and `body` is set only while the
// item's queue holds the only reference to it.
/// An action scheduled on ``CurrentThreadScheduler`` while its trampoline runs: it waits in the
/// ``TrampolineQueue`` and cancels it.
///
/// `storage` holds, in turn, the payload (the state and the action, moved there by
/// ``holding(_:_:reusing:)`` where their types are known) and then the disposable the action
/// returned. `body`, built there too, moves the payload out to run or release it. So the item is
/// the only allocation, and running or releasing it needs no type metadata: nothing in this class
/// is generic.
///
/// Callers get a ``Handle``, never the action. When the queue finds, after the
/// item's turn, that nothing else refers to it, it keeps the item, emptied, and the next
/// `schedule` on that thread fills it again instead of allocating.
///
/// `phase` moves queued → running → finished, and from any of these to disposed, once. Whoever
/// makes a move owns what `storage` holds then: the one leaving `queued` owns the payload, the
/// one leaving `finished` the action's disposable. A spare item is in the disposed phase, empty.
/// Nothing is released or disposed under a lock (there is none), so a deinit that disposes this
/// item again from what the action captured finds it disposed and returns.
@usableFromInline
final class TrampolineAction: TrampolineItem, Cancelable, @unchecked Sendable {
    /// Moves the payload out of `storage`, then runs the action and puts its disposable in
    /// `storage` (`run` true), or just releases the payload (`run` false).
    @usableFromInline
    typealias Body = (_ storage: UnsafeMutableRawPointer, _ run: Bool) -> Void

    /// Room for a payload of up to five words (a state of three words and the action), and for
    /// the action's disposable.
    @usableFromInline
    typealias Storage = (UInt, UInt, UInt, UInt, UInt)

    private enum Phase: Int, AtomicRepresentable {
        case queued, running, finished, disposed
    }

    private let phase = Atomic<Phase>(.queued)
    @usableFromInline
    @exclusivity(unchecked)
    var body: Body
    @usableFromInline
    @exclusivity(unchecked)
    var storage: Storage = (0, 0, 0, 0, 0)

    /// An empty item; ``holding(_:_:reusing:)`` fills it.
    @usableFromInline
    override init() {
        assert(MemoryLayout<any Disposable>.size <= MemoryLayout<Storage>.size)
        body = { _, _ in }
    }

    deinit {
        // A queued item here was never run nor disposed: its queue went away with it.
        releaseContents()
    }

    /// Releases what `storage` holds once nothing else refers to the item: the unrun payload, or
    /// the action's disposable (released, not disposed). Acquiring: the last reference may have
    /// been dropped on another thread than the one that ran the action.
    private func releaseContents() {
        switch phase.load(ordering: .acquiring) {
        case .queued:
            withUnsafeMutableBytes(of: &storage) { body($0.baseAddress!, false) }
        case .finished:
            _ = takeResult()
        case .running, .disposed:
            break
        }
    }

    /// An item holding `state` and `action`; built inline where their types are known, so that
    /// `body` is specialised and captures nothing. `spare`, an empty item of this thread's queue,
    /// is filled instead of allocating a new one.
    @inlinable
    static func holding<State>(
        _ state: State, _ action: @escaping (State) -> any Disposable, reusing spare: TrampolineAction?
    ) -> TrampolineAction {
        typealias Payload = (State, (State) -> any Disposable)
        let item = spare ?? TrampolineAction()
        item.markQueued()
        if MemoryLayout<Payload>.size <= MemoryLayout<Storage>.size,
            MemoryLayout<Payload>.alignment <= MemoryLayout<Storage>.alignment
        {
            item.body = { storage, run in
                let (state, action) = storage.assumingMemoryBound(to: Payload.self).move()
                if run {
                    storage.initializeMemory(as: (any Disposable).self, to: action(state))
                }
            }
            withUnsafeMutableBytes(of: &item.storage) {
                _ = $0.baseAddress!.initializeMemory(as: Payload.self, to: (state, action))
            }
            return item
        }
        // Too large to sit in the item: a closure context holds it instead.
        typealias Work = () -> any Disposable
        item.body = { storage, run in
            let work = storage.assumingMemoryBound(to: Work.self).move()
            if run {
                storage.initializeMemory(as: (any Disposable).self, to: work())
            }
        }
        withUnsafeMutableBytes(of: &item.storage) {
            _ = $0.baseAddress!.initializeMemory(as: Work.self, to: { action(state) })
        }
        return item
    }

    /// Makes an empty item (new, or spare and so in the disposed phase) queued again. Only the
    /// thread that owns it calls this, before anything else can refer to it.
    @usableFromInline
    func markQueued() {
        phase.store(.queued, ordering: .relaxed)
    }

    @usableFromInline
    var isDisposed: Bool {
        phase.load(ordering: .relaxed) == .disposed
    }

    override func run() {
        guard phase.compareExchange(expected: .queued, desired: .running, ordering: .acquiring).exchanged else {
            return
        }
        withUnsafeMutableBytes(of: &storage) { body($0.baseAddress!, true) }
        if !phase.compareExchange(expected: .running, desired: .finished, ordering: .releasing).exchanged {
            // Disposed while the action ran: what it returned is disposed at once.
            takeResult().dispose()
        }
    }

    @usableFromInline
    func dispose() {
        switch phase.exchange(.disposed, ordering: .acquiringAndReleasing) {
        case .queued:
            // Releases the unrun action and its state here, where no lock is held.
            withUnsafeMutableBytes(of: &storage) { body($0.baseAddress!, false) }
        case .running, .disposed:
            return
        case .finished:
            takeResult().dispose()
        }
        // Published again after `storage` was emptied: the queue's thread reads the phase before
        // it reuses this item, which orders the reuse after this disposal for ThreadSanitizer too
        // (the reference count that really orders them is invisible to it).
        phase.store(.disposed, ordering: .releasing)
    }

    /// Empties the item, which its queue found nothing else refers to after its turn, so that the
    /// queue can keep it as a spare. What the item still holds is released here, when the item
    /// would otherwise have been deallocated.
    override func emptyForReuse() -> Bool {
        releaseContents()
        // Empty, so that deallocating it (when the queue keeps no more spares) releases nothing.
        phase.store(.disposed, ordering: .relaxed)
        body = { _, _ in }
        return true
    }

    /// Moves the action's disposable out of `storage`.
    private func takeResult() -> any Disposable {
        withUnsafeMutableBytes(of: &storage) { $0.baseAddress!.assumingMemoryBound(to: (any Disposable).self).move() }
    }
    /// The disposable ``CurrentThreadScheduler/schedule(_:action:)`` returns for a queued
    /// action: it cancels the action, or disposes what the action returned.
    ///
    /// A struct holding the action, so that it fits in the returned existential without an
    /// allocation, and so that the action itself, which its queue reuses once nothing else
    /// refers to it, is never handed out where it could be referred to weakly.
    @usableFromInline
    struct Handle: Cancelable {
        @usableFromInline
        let action: TrampolineAction

        @usableFromInline
        init(_ action: TrampolineAction) {
            self.action = action
        }

        @usableFromInline
        var isDisposed: Bool {
            action.isDisposed
        }

        @usableFromInline
        func dispose() {
            action.dispose()
        }
    }
}
