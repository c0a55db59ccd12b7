#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the caller runs, read cheaply on every recorded event: the address of the current
/// dispatch queue's label and the thread. ``name(ordinal:)`` turns it into the legend's words,
/// once per timeline and place.
struct ThreadMark: Hashable, Sendable {
    /// The address of the running queue's label (libdispatch's), 0 when unknown.
    let label: UInt
    /// The thread.
    let thread: UInt

    /// libdispatch's `dispatch_queue_get_label`, which Swift's overlay hides: called with no
    /// queue, it returns the label of the queue running the caller (the main queue's on the
    /// main thread, a root queue's on a thread no queue runs). Looked up once; `nil` where no
    /// libdispatch is loaded, and then threads are told apart by number only.
    private static let currentQueueLabel: (@convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?)? = {
        #if canImport(Darwin)
            let everyImage = UnsafeMutableRawPointer(bitPattern: -2)
        #else
            let everyImage: UnsafeMutableRawPointer? = nil
        #endif
        guard let address = dlsym(everyImage, "dispatch_queue_get_label") else { return nil }
        return unsafeBitCast(
            address, to: (@convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?).self)
    }()

    /// Where the caller runs now.
    static func current() -> ThreadMark {
        #if canImport(Darwin)
            let thread = UInt(bitPattern: pthread_self())
        #else
            let thread = UInt(pthread_self())
        #endif
        let label = currentQueueLabel?(nil).map { UInt(bitPattern: $0) } ?? 0
        return ThreadMark(label: label, thread: thread)
    }

    /// The running queue's label, read where ``label`` points; only valid on the thread that
    /// took the mark, while it still runs that queue (the queue, and so its label, is alive).
    func labelText() -> String? {
        guard let pointer = UnsafePointer<CChar>(bitPattern: label) else { return nil }
        return String(cString: pointer)
    }

    /// Whether ``label`` still spells `text`: a queue freed since may have left its address to
    /// another queue's label.
    func labelSpells(_ text: String) -> Bool {
        guard let pointer = UnsafePointer<CChar>(bitPattern: label) else { return true }
        return text.withCString { strcmp($0, pointer) == 0 }
    }

    /// What a legend calls the place: the main thread, a named queue, a global queue, or, for a
    /// thread that runs no queue, `thread <ordinal>`.
    ///
    /// - Parameter ordinal: the number the thread gets if it needs one.
    static func name(label text: String?, ordinal: () -> Int) -> String {
        guard let text, !text.isEmpty else { return "thread \(ordinal())" }
        if text == "com.apple.main-thread" {
            return "main thread"
        }
        let root = "com.apple.root."
        if text.hasPrefix(root) {
            // A thread outside any queue reports an overcommitting root queue.
            if text.hasSuffix(".overcommit") {
                return "thread \(ordinal())"
            }
            return "global queue (\(text.dropFirst(root.count)))"
        }
        return "queue \(text)"
    }
}
