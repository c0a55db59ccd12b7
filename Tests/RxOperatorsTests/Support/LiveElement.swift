import RxTestHelpers
/// An element whose instances a ``Counter`` counts while they are alive, for tests that check an
/// operator lets go of what it has delivered or dropped.
final class LiveElement: Sendable {
    let value: Int
    private let live: Counter
    private let onRelease: (@Sendable () -> Void)?

    init(_ value: Int, live: Counter, onRelease: (@Sendable () -> Void)? = nil) {
        self.value = value
        self.live = live
        self.onRelease = onRelease
        live.increment()
    }

    deinit {
        live.decrement()
        onRelease?()
    }
}
