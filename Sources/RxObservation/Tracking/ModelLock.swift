import Foundation

/// The model's lock, in a class of its own: an optional reference is checked and passed on
/// without the runtime work that copying an optional existential takes.
final class ModelLock {
    private let wrapped: any NSLocking

    init(_ lock: any NSLocking) {
        wrapped = lock
    }

    func lock() {
        wrapped.lock()
    }

    func unlock() {
        wrapped.unlock()
    }
}
