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
@usableFromInline
package enum MainThread {
    /// The address of a variable on the caller's stack: a few instructions, no call.
    @inlinable
    @inline(__always)
    package static var currentStackAddress: UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// The address range of the main thread's stack, learnt on the first call made on the main
    /// thread; empty while it is not known, which sends every check to ``isCurrent``.
    ///
    /// The main actor's check compares ``currentStackAddress`` with it: threads do not share
    /// stacks, so an address inside it means the main thread, for the price of two comparisons.
    package static var stackRange: (lower: UInt, upper: UInt) {
        // Read with no lock: a main-actor operator reads it each time it is made.
        if stackIsKnown.load(ordering: .acquiring) {
            return (knownStackLower.load(ordering: .relaxed), knownStackUpper.load(ordering: .relaxed))
        }
        guard isCurrent, isProcessMainThread else { return (0, 0) }
        var range = currentThreadStackRange()
        // A stack that is not where the thread library says (as under valgrind, which runs the
        // program on stacks of its own) leaves every check to ``isCurrent``.
        let here = currentStackAddress
        if here < range.lower || here >= range.upper {
            range = (0, 0)
        }
        // Learnt only on the main thread, so only one thread ever stores.
        knownStackLower.store(range.lower, ordering: .relaxed)
        knownStackUpper.store(range.upper, ordering: .relaxed)
        stackIsKnown.store(true, ordering: .releasing)
        return range
    }

    private static let stackIsKnown = Atomic<Bool>(false)
    private static let knownStackLower = Atomic<UInt>(0)
    private static let knownStackUpper = Atomic<UInt>(0)

    /// Whether this thread is the process's first thread (not only one running main-queue work).
    private static var isProcessMainThread: Bool {
        #if canImport(Darwin)
            return pthread_main_np() != 0
        #else
            return currentThreadIsTheProcess()
        #endif
    }

    /// The range of this thread's stack, as the thread library reports it.
    private static func currentThreadStackRange() -> (lower: UInt, upper: UInt) {
        #if canImport(Darwin)
            let thread = pthread_self()
            let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            let size = UInt(pthread_get_stacksize_np(thread))
            return (top - size, top)
        #else
            // The main thread's stack is the mapping the kernel names `[stack]`; it may grow
            // down to the stack size limit, and the kernel keeps at least 128 MiB below the top
            // of the stack free of other mappings (thread stacks among them). Counted only as
            // far as both allow, so a limit raised while the program runs cannot reach them.
            guard let mapped = mainStackMapping() else { return (0, 0) }
            var limit = rlimit()
            if getrlimit(Int32(RLIMIT_STACK.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {
                let reach = min(UInt(limit.rlim_cur), 64 << 20)
                if reach < mapped.upper {
                    return (min(mapped.lower, mapped.upper - reach), mapped.upper)
                }
            }
            return mapped
        #endif
    }

    #if !canImport(Darwin)
        /// The `[stack]` line of `/proc/self/maps`, as an address range.
        private static func mainStackMapping() -> (lower: UInt, upper: UInt)? {
            let file = open("/proc/self/maps", O_RDONLY)
            guard file >= 0 else { return nil }
            defer { close(file) }
            var contents: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(file, &chunk, chunk.count)
                guard count > 0 else { break }
                contents += chunk[0..<count]
            }
            let lines = contents.split(separator: UInt8(ascii: "\n"))
            guard let line = lines.first(where: { $0.reversed().starts(with: "]kcats[".utf8) }) else { return nil }
            let range = line.prefix { $0 != UInt8(ascii: " ") }.split(separator: UInt8(ascii: "-"))
            guard range.count == 2,
                let lower = UInt(String(decoding: range[0], as: UTF8.self), radix: 16),
                let upper = UInt(String(decoding: range[1], as: UTF8.self), radix: 16)
            else { return nil }
            return (lower, upper)
        }
    #endif

    @usableFromInline
    package static var isCurrent: Bool {
        #if canImport(Darwin)
            return pthread_main_np() != 0
        #else
            if MainQueue.isCurrent { return true }
            // Work the main thread runs inside another queue's `sync`: the kernel's answer.
            return currentThreadIsTheProcess()
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
