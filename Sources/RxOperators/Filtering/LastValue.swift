/// The value a `distinctUntilChanged` sink compares the next one with, kept in storage of its own
/// instead of as an optional. A sink's `onNext(_:)` runs in code not specialised for the element
/// type, where binding or comparing an `Optional<Value>` asks the runtime for the optional's
/// metadata at every element; this value's layout does not depend on `Value`, and reading or
/// replacing what it keeps needs only `Value`'s own metadata, which the sink holds.
///
/// Safety invariants, which every member keeps:
/// - `storage` points to one slot, allocated with the value and freed only in `deinit`.
/// - The slot holds an initialised value exactly when `isKept` is true: `keep(_:)` initialises
///   it the first time and assigns over it afterwards; ``value`` reads it only once `isKept`
///   (its callers check); `deinit` deinitialises it only then.
/// - It is `~Copyable`, so no two values share `storage`.
struct LastValue<Value>: ~Copyable {
    private let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    /// Whether a value is kept.
    private(set) var isKept = false

    /// A copy of the kept value; only once ``isKept``. A copy, not a borrow of the storage: the
    /// comparison that reads it is user code, which must not find the value released under it if
    /// it sends into the sink again.
    @inline(__always)
    var value: Value {
        storage.pointee
    }

    /// Keeps `value`, releasing the one it replaces.
    @inline(__always)
    mutating func keep(_ value: Value) {
        if isKept {
            storage.pointee = value
        } else {
            storage.initialize(to: value)
            isKept = true
        }
    }

    deinit {
        if isKept {
            storage.deinitialize(count: 1)
        }
        storage.deallocate()
    }
}
