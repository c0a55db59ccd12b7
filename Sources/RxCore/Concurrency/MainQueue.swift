import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells whether the caller runs on the main dispatch queue, by a marker the main queue
/// carries. It is queue identity, not thread identity: the main thread counts as on the main
/// queue whenever it is not running some other queue's work.
package enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    package static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) ?? false
    }
}
