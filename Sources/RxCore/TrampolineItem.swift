import RxDisposables
import Synchronization

// @unchecked Sendable: `phase` is atomic, and `storage` is touched only by the caller that moved
// `phase` out of the phase in which storage holds something.
/// One scheduled action waiting in a ``TrampolineQueue``, and the disposable that cancels it.
///
/// `storage` holds, in turn, the payload (the state and the action, moved there by
/// ``holding(_:_:)`` where their types are known) and then the disposable the action returned.
/// `body`, built in ``holding(_:_:)`` too, moves the payload out to run or release it. So the
/// item is the only allocation, and running or releasing it needs no type metadata: nothing in
/// this class is generic.
///
/// `phase` moves queued → running → finished, and from any of these to disposed, once. Whoever
/// makes a move owns what `storage` holds then: the one leaving `queued` owns the payload, the
/// one leaving `finished` the action's disposable. Nothing is released or disposed under a lock
/// (there is none), so a deinit that disposes this item again from what the action captured
/// finds it disposed and returns.
@usableFromInline
final class TrampolineItem: TrampolineEntry, Cancelable, @unchecked Sendable {
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
    private let body: Body
    @usableFromInline
    @exclusivity(unchecked)
    var storage: Storage = (0, 0, 0, 0, 0)

    @usableFromInline
    init(body: @escaping Body) {
        assert(MemoryLayout<any Disposable>.size <= MemoryLayout<Storage>.size)
        self.body = body
    }

    deinit {
        // Acquiring: the last release may come from another thread than the one that ran the action.
        switch phase.load(ordering: .acquiring) {
        case .queued:
            // Never run nor disposed (its queue went away with it).
            withUnsafeMutableBytes(of: &storage) { body($0.baseAddress!, false) }
        case .finished:
            _ = takeResult()
        case .running, .disposed:
            break
        }
    }

    /// An item holding `state` and `action`; built inline where their types are known, so that
    /// `body` is specialised and captures nothing.
    @inlinable
    static func holding<State>(_ state: State, _ action: @escaping (State) -> any Disposable) -> TrampolineItem {
        typealias Payload = (State, (State) -> any Disposable)
        if MemoryLayout<Payload>.size <= MemoryLayout<Storage>.size,
            MemoryLayout<Payload>.alignment <= MemoryLayout<Storage>.alignment
        {
            let item = TrampolineItem { storage, run in
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
        let item = TrampolineItem { storage, run in
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
            break
        case .finished:
            takeResult().dispose()
        }
    }

    /// Moves the action's disposable out of `storage`.
    private func takeResult() -> any Disposable {
        withUnsafeMutableBytes(of: &storage) { $0.baseAddress!.assumingMemoryBound(to: (any Disposable).self).move() }
    }
}
