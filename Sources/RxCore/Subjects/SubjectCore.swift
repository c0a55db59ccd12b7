import RxDisposables

/// What every subject shares: the lock, the observer list, whether the subject ended or was
/// disposed, the debug synchronization check, and what a subject does with them (send an
/// element, end, subscribe an observer, dispose).
///
/// A subject keeps one ``SubjectCore`` and guards its own state (a `BehaviorSubject`'s value, a
/// `ReplaySubject`'s buffer) with the core's lock. Nothing but the framework's bookkeeping runs
/// under the lock: events are delivered, and observers and elements released, after it is given
/// back. What does not depend on the element type lives in this non-generic base, so that a
/// subscription and a disposal, which run in code generic over the element, look up no type
/// metadata for it.
// @unchecked Sendable: `lock` guards every stored property; a subject is Sendable only when
// its elements are.
class SubjectCoreBase: @unchecked Sendable {
    /// ``admit(_:)``'s answer when the subject has ended.
    static let ended = -1
    /// ``admit(_:)``'s answer when the subject was disposed.
    static let disposed = -2

    final let lock = RxLock()
    // The lock keeps every access to these apart, so the runtime's exclusivity check, a call
    // on each access and on every send, is left out.
    @exclusivity(unchecked)
    final var observers = SubjectObserverList()
    /// Whether the subject ended; it stays so.
    @exclusivity(unchecked)
    final var isStopped = false
    @exclusivity(unchecked)
    final var isDisposed = false

    #if DEBUG
        private let synchronizationTracker = SynchronizationTracker()
    #endif

    /// Runs `body` under the lock, for the owning subject's own state.
    @inline(__always)
    final func withLock<Result>(_ body: () -> Result) -> Result {
        lock.withLockUnchecked(body)
    }

    /// Whether the subject runs and has an observer.
    final var hasObservers: Bool {
        withLock { !isStopped && !observers.isEmpty }
    }

    /// Whether the subject was disposed.
    final var isDisposedNow: Bool {
        withLock { isDisposed }
    }

    /// Under the lock: adds `entry` to the list and returns its key, unless the subject ended or
    /// was disposed (``ended``, ``disposed``).
    @inline(__always)
    final func admit(_ entry: SubjectEntry) -> Int {
        if isDisposed { return Self.disposed }
        if isStopped { return Self.ended }
        return observers.insert(entry)
    }

    /// Under the lock: the observers to send an element to, none once the subject ended.
    @inline(__always)
    final var recipients: ContiguousArray<SubjectEntry> {
        isStopped || isDisposed ? [] : observers.entries
    }

    /// Runs `send` inside the debug synchronization check, which reports, naming `subjectType`,
    /// an event that overlaps another one sent to the same subject.
    @inline(__always)
    final func tracked(_ event: DeliveredEvent, subjectType: AnyObject.Type, _ send: () -> Void) {
        #if DEBUG
            defer { synchronizationTracker.unregister() }
            if let overlap = synchronizationTracker.register() {
                synchronizationTracker.report(
                    message: SynchronizationTracker.subjectMessage(overlap, of: event, in: subjectType),
                    during: send)
                return
            }
        #endif
        send()
    }

    final func removeObserver(key: Int) {
        let removed = withLock { observers.remove(key: key) }
        // Released after the lock.
        withExtendedLifetime(removed) {}
    }

    /// Under the lock: marks the subject disposed and returns its observers, for the caller to
    /// mark removed and release after the lock.
    final func markDisposed() -> ContiguousArray<SubjectEntry> {
        isDisposed = true
        return observers.removeAll()
    }
}

/// ``SubjectCoreBase`` for a subject of `Element`: what depends on the element type.
// @unchecked Sendable: as its base, `lock` guards `stoppedEvent` too.
final class SubjectCore<Element>: SubjectCoreBase, @unchecked Sendable {
    /// The event that ended the subject; written once, under the lock, before `isStopped`.
    private(set) var stoppedEvent: Event<Element>?

    /// While the subject runs, sends `element` to the observers subscribed at that moment.
    @inline(__always)
    func sendNext(_ element: Element) {
        let entries = withLock { recipients }
        deliver(element, to: entries)
    }

    /// Delivers `element` to each of `entries`, which the caller's snapshot keeps alive for the
    /// whole walk: each entry is read from the snapshot's storage without being retained, where
    /// iterating the array would retain and release every entry on every send.
    ///
    /// Safe because the caller holds `entries` (its own copy) until this returns, so every entry
    /// read stays retained by it, and because a core's list only ever holds entries of its own
    /// element type: ``subscribe(_:subject:)`` admits only its typed entry, and the replaying
    /// form hands `replay` only its typed entry to admit.
    @inline(__always)
    private func deliver(_ element: Element, to entries: ContiguousArray<SubjectEntry>) {
        entries.withUnsafeBufferPointer { buffer in
            let storage = UnsafeRawBufferPointer(buffer)
            let stride = MemoryLayout<Unmanaged<SubjectEntry>>.stride
            for index in 0..<buffer.count {
                storage.load(fromByteOffset: index * stride, as: Unmanaged<SubjectEntry>.self)
                    ._withUnsafeGuaranteedRef { entry in
                        unsafeDowncast(entry, to: ElementSubjectEntry<Element>.self).deliver(element)
                    }
            }
        }
    }

    /// While the subject runs: runs `update` under the lock, then, if `deliver`, sends
    /// `element` to the observers subscribed at that moment. What `update` returns is released
    /// after the lock.
    @inline(__always)
    func sendNext<Discarded>(_ element: Element, deliver: Bool = true, update: () -> Discarded?) {
        var entries = ContiguousArray<SubjectEntry>()
        let discarded = withLock { () -> Discarded? in
            guard !isStopped && !isDisposed else { return nil }
            if deliver {
                entries = observers.entries
            }
            return update()
        }
        self.deliver(element, to: entries)
        withExtendedLifetime(discarded) {}
    }

    /// Ends the subject with `event`, unless it ended or was disposed before: sends `last`
    /// (taken under the lock, if it gives one) and then `event` to every observer, and empties
    /// the list.
    func finish(with event: Event<Element>, sendingFirst last: () -> Element? = { nil }) {
        var entries = ContiguousArray<SubjectEntry>()
        let element = withLock { () -> Element? in
            guard !isStopped && !isDisposed else { return nil }
            stoppedEvent = event
            isStopped = true
            entries = observers.entries
            return last()
        }
        if entries.isEmpty { return }
        if let element {
            for entry in entries {
                unsafeDowncast(entry, to: ElementSubjectEntry<Element>.self).deliver(element)
            }
        }
        for entry in entries {
            unsafeDowncast(entry, to: ElementSubjectEntry<Element>.self).deliver(event)
            // An element whose send is still under way further up the stack (the terminal event
            // was sent from inside an observer) must not follow the terminal event.
            entry.markRemoved()
        }
        // Emptied only now, so that a subscription disposed during the terminal event is still
        // found and marked, and receives nothing after its dispose() returned.
        let finished = withLock { observers.removeAll() }
        withExtendedLifetime(finished) {}
    }

    /// Subscribes `entry` to what is sent from now on, for a subject that replays nothing.
    @inline(__always)
    func subscribe(_ entry: ElementSubjectEntry<Element>, subject: AnyObject) -> any Disposable {
        let key = withLock { admit(entry) }
        if key >= 0 {
            return SubjectSubscription(core: self, key: key)
        }
        refuse(entry, code: key, subject: subject)
        return Disposables.create()
    }

    /// Subscribes `entry` after sending it what the subject replays. `replay` runs under the
    /// lock: it admits the entry it is given (``admit(_:)``), stores the answer in its second
    /// argument and returns what to replay; `send` then sends that to the entry's observer
    /// (through the entry's `send(_:)`), after the lock and before anything sent after the
    /// subscription, knowing the answer.
    @inline(__always)
    func subscribe<Replay>(
        _ entry: ElementSubjectEntry<Element>, subject: AnyObject, replay: (SubjectEntry, inout Int) -> Replay,
        send: (Replay, _ key: Int, ElementSubjectEntry<Element>) -> Void
    ) -> any Disposable {
        entry.startPriming()
        var key = 0
        let replayed = withLock { replay(entry, &key) }
        send(replayed, key, entry)
        if key >= 0 {
            entry.finishPriming()
            return SubjectSubscription(core: self, key: key)
        }
        refuse(entry, code: key, subject: subject)
        return Disposables.create()
    }

    /// Sends a refused entry's observer the subject's terminal event, or
    /// `RxError.disposed(object:)`.
    private func refuse(_ entry: ElementSubjectEntry<Element>, code: Int, subject: AnyObject) {
        if code == Self.ended, let stoppedEvent = withLock({ stoppedEvent }) {
            entry.refuse(with: stoppedEvent)
        } else {
            entry.refuse(with: .error(RxError.disposed(object: subject)))
        }
    }

    /// Disposes the subject: removes every observer without an event, runs `update` under the
    /// lock (what it returns is released after), and refuses new observers with
    /// `RxError.disposed(object:)` from now on.
    func dispose<Discarded>(update: () -> Discarded) {
        var removed = ContiguousArray<SubjectEntry>()
        let discarded = withLock { () -> Discarded in
            removed = markDisposed()
            return update()
        }
        for entry in removed {
            entry.markRemoved()
        }
        withExtendedLifetime(discarded) {}
    }

    /// Disposes the subject, which keeps no state of its own.
    func dispose() {
        let removed = withLock { markDisposed() }
        for entry in removed {
            entry.markRemoved()
        }
    }
}
