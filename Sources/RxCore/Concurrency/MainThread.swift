import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells whether the caller runs on the process's main thread, which is what the main actor's
/// own runtime check accepts: the main queue's work, and code the main thread runs outside any
/// queue or inside another queue's `sync`.
package enum MainThread {
    /// The main thread's `pthread_self()`, learnt on the first check made on it; 0 before. The
    /// main thread's id is never given to another thread while the process runs.
    private static let knownID = Atomic<UInt>(0)

    /// Whether the caller runs on the main thread: once its id is known, one comparison.
    package static var isCurrent: Bool {
        #if canImport(Darwin)
            return pthread_main_np() != 0
        #else
            let current = UInt(pthread_self())
            let known = knownID.load(ordering: .relaxed)
            if known != 0, current == known { return true }
            if MainQueue.isCurrent { return true }
            guard known == 0, currentThreadIsTheProcess() else { return false }
            // Learnt only on the main thread, so every store writes the same value.
            knownID.store(current, ordering: .relaxed)
            return true
        #endif
    }

    #if !canImport(Darwin)
        /// Whether this thread's id is the process id, as Linux numbers the main thread;
        /// `/proc/thread-self` links to `PID/task/TID`.
        private static func currentThreadIsTheProcess() -> Bool {
            var buffer = [CChar](repeating: 0, count: 64)
            let length = readlink("/proc/thread-self", &buffer, buffer.count - 1)
            guard length > 0 else { return false }
            let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let tid = path.split(separator: "/").last.flatMap({ Int32($0) }) else { return false }
            return tid == getpid()
        }
    #endif
}
