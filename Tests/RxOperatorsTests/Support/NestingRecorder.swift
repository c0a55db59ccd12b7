import RxCore

/// The downstream observer of the kit's direct tests: records every event it is handed, on one
/// thread, and how deeply deliveries nested (a delivery that starts inside another is one the
/// kit should have queued for after it). `onEvent` runs inside each delivery, after the event is
/// recorded, so a test can send back into the sink from there.
final class NestingRecorder<Element>: ObserverType {
    private(set) var events: [Event<Element>] = []
    private(set) var deepestNesting = 0
    private var depth = 0
    var onEvent: ((Event<Element>) -> Void)?

    func on(_ event: Event<Element>) {
        depth += 1
        deepestNesting = max(deepestNesting, depth)
        events.append(event)
        onEvent?(event)
        depth -= 1
    }

    /// The elements of the recorded `next` events.
    var elements: [Element] {
        events.compactMap(\.element)
    }

    /// Lets go of the closure, which usually holds the sink under test.
    func stop() {
        onEvent = nil
    }
}
