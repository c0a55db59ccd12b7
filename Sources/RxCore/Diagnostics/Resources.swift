import RxDisposables
import Synchronization

/// Counts the framework's live objects (observables, sinks, observers) so that tests can prove
/// a subscription released everything.
///
/// Counting happens in debug builds only (``isTracking``); in release builds the calls compile to
/// nothing and ``total`` stays zero. The count is an `Int32`, as RxSwift's is, so that code written
/// against RxSwift's `Resources` (its `RxTest` base class compares `Resources.total` with an
/// `Int32` of its own) compiles unchanged.
public enum Resources {
    #if DEBUG
        private static let counter = Atomic<Int32>(0)
        // The same objects by type, so that a failed leak check can say what is alive.
        private static let live = RxMutex<[ObjectIdentifier: LiveObjects]>([:])

        /// How many objects of one type are alive, and the type's name, worked out the first
        /// time one is counted.
        private struct LiveObjects {
            let name: String
            var count: Int
        }

        // The slot `incrementTotal()` and `decrementTotal()` count in: they are not told a type.
        private static let uncountedTypeKey = ObjectIdentifier(Resources.self)
        private static let uncountedTypeName = "Resources.incrementTotal()"
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
    public static var total: Int32 {
        #if DEBUG
            counter.load(ordering: .acquiring)
        #else
            0
        #endif
    }

    /// Counts one more live object. Custom observables and observers may call it from their
    /// initializer, paired with ``decrementTotal()`` in `deinit`.
    @discardableResult
    public static func incrementTotal() -> Int32 {
        #if DEBUG
            count(uncountedTypeKey, by: 1) { uncountedTypeName }
            return counter.wrappingAdd(1, ordering: .relaxed).newValue
        #else
            0
        #endif
    }

    /// Counts one less live object.
    @discardableResult
    public static func decrementTotal() -> Int32 {
        #if DEBUG
            count(uncountedTypeKey, by: -1) { uncountedTypeName }
            return counter.wrappingSubtract(1, ordering: .relaxed).newValue
        #else
            0
        #endif
    }

    /// The live counted objects by type name, in debug builds: what a leak check names when
    /// ``total`` has not come back. Empty in release builds.
    package static var liveObjectsByType: [String: Int] {
        #if DEBUG
            live.withLock { live in
                var byName: [String: Int] = [:]
                for objects in live.values where objects.count != 0 {
                    byName[objects.name, default: 0] += objects.count
                }
                return byName
            }
        #else
            [:]
        #endif
    }

    // Called from the initialisers of the counted classes with the new object. In release
    // builds the body is empty: a call that returns at once.
    package static func trackAllocation(_ object: AnyObject) {
        #if DEBUG
            counter.wrappingAdd(1, ordering: .relaxed)
            let type: AnyObject.Type = type(of: object)
            count(ObjectIdentifier(type), by: 1) { String(describing: type) }
        #endif
    }

    // Called from the `deinit` of the counted classes.
    package static func trackDeallocation(_ object: AnyObject) {
        #if DEBUG
            counter.wrappingSubtract(1, ordering: .relaxed)
            let type: AnyObject.Type = type(of: object)
            count(ObjectIdentifier(type), by: -1) { String(describing: type) }
        #endif
    }

    #if DEBUG
        private static func count(_ key: ObjectIdentifier, by change: Int, name: () -> String) {
            live.withLock { live in
                if live[key] != nil {
                    live[key]!.count += change
                } else {
                    // A type name comes from the runtime's metadata; no user code runs here.
                    live[key] = LiveObjects(name: name(), count: change)
                }
            }
        }
    #endif
}
