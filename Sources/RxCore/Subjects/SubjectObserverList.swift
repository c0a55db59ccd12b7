import RxDisposables

/// A subject's observers in subscription order, each behind its ``SubjectEntry``.
/// Not generic, so that nothing done with it asks the runtime for type metadata.
///
/// A value kept under the subject's lock. A send takes ``entries`` as it is (a reference to
/// the same storage, not a copy) and walks it outside the lock; a subscription or a disposal
/// during that walk makes the list copy its storage, leaving the walk's snapshot unchanged.
/// Keys grow with each subscription and removal keeps the order, so the entries stay sorted by
/// key and a disposal finds its entry by binary search.
struct SubjectObserverList {
    private(set) var entries = ContiguousArray<SubjectEntry>()
    private var nextKey = 0

    var isEmpty: Bool {
        entries.isEmpty
    }

    /// Adds `entry` at the end, and returns its key.
    mutating func insert(_ entry: SubjectEntry) -> Int {
        let key = nextKey
        // Saturates rather than traps: after Int.max subscriptions the last key would repeat,
        // which no program reaches.
        nextKey = nextKey == .max ? nextKey : nextKey + 1
        entry.key = key
        entries.append(entry)
        return key
    }

    /// Removes the entry with `key` and returns it, marked removed, for the caller to release
    /// once it has given the lock back; `nil` when it was removed already.
    mutating func remove(key: Int) -> SubjectEntry? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = low + (high - low) / 2
            if entries[middle].key < key {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low < entries.count, entries[low].key == key else { return nil }
        let entry = entries.remove(at: low)
        entry.markRemoved()
        return entry
    }

    /// Empties the list and returns what it held, for the caller to release once it has given
    /// the lock back. The entries are not marked removed: the caller marks them if it must.
    mutating func removeAll() -> ContiguousArray<SubjectEntry> {
        defer { entries = [] }
        return entries
    }
}

/// The subscription a subject returns: disposing it removes the observer from the subject.
///
/// A struct of two words and no generic parameter, so returning it as `any Disposable`
/// allocates nothing and looks up no type metadata. Disposing it again, or from several
/// threads, removes the observer once.
struct SubjectSubscription: Disposable {
    let core: SubjectCoreBase
    let key: Int

    func dispose() {
        core.removeObserver(key: key)
    }
}
