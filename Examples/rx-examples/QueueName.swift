import Dispatch
import Foundation
import RxSchedulers

/// Names the queue or thread code runs on, for the sections that move work between them.
enum QueueName {
    private static let key = DispatchSpecificKey<String>()

    /// A scheduler on a new serial queue that reports `name` from ``current``.
    static func serialScheduler(_ name: String) -> SerialDispatchQueueScheduler {
        SerialDispatchQueueScheduler(
            internalSerialQueueName: name, serialQueueConfiguration: { $0.setSpecific(key: key, value: name) })
    }

    /// The name of the labelled queue running this code, else the main or some other thread.
    static var current: String {
        if let name = DispatchQueue.getSpecific(key: key) {
            return "queue \(name)"
        }
        return Thread.isMainThread ? "the main thread" : "a dispatch worker thread"
    }
}
