import Dispatch

/// Tags dispatch queues so that an action can tell which queue it runs on.
enum QueueMarker {
    private static let key = DispatchSpecificKey<String>()

    static func mark(_ queue: DispatchQueue, as name: String) {
        queue.setSpecific(key: key, value: name)
    }

    /// The tag of the queue running the caller, if it was tagged.
    static var current: String? {
        DispatchQueue.getSpecific(key: key)
    }
}
