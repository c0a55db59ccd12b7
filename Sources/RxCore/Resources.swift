import Synchronization

/// Counts the framework's live objects (observables, sinks, observers) so that tests can prove
/// a subscription released everything.
///
/// Counting happens in debug builds only (``isTracking``); in release builds the calls compile to
/// nothing and ``total`` stays zero.
public enum Resources {
    #if DEBUG
        private static let counter = Atomic<Int>(0)
    #endif

    /// Whether this build counts objects.
    public static var isTracking: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    /// The number of live counted objects.
    public static var total: Int {
        #if DEBUG
            counter.load(ordering: .acquiring)
        #else
            0
        #endif
    }

    /// Counts one more live object. Custom observables and observers may call it from their
    /// initializer, paired with ``decrementTotal()`` in `deinit`.
    @discardableResult
    public static func incrementTotal() -> Int {
        #if DEBUG
            counter.wrappingAdd(1, ordering: .relaxed).newValue
        #else
            0
        #endif
    }

    /// Counts one less live object.
    @discardableResult
    public static func decrementTotal() -> Int {
        #if DEBUG
            counter.wrappingSubtract(1, ordering: .relaxed).newValue
        #else
            0
        #endif
    }

    @inline(__always)
    static func trackAllocation() {
        #if DEBUG
            counter.wrappingAdd(1, ordering: .relaxed)
        #endif
    }

    @inline(__always)
    static func trackDeallocation() {
        #if DEBUG
            counter.wrappingSubtract(1, ordering: .relaxed)
        #endif
    }
}
