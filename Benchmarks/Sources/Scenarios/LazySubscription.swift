/// The least a subscription can be: the subscriber's closure and whether it has finished.
///
/// `LazyStage` delivers to it; see there for what the pair stands for.
final class LazySubscription {
    private let handler: (Int) -> Void
    private var finished = false

    init(onNext handler: @escaping (Int) -> Void) {
        self.handler = handler
    }

    func onNext(_ value: Int) {
        if !finished {
            handler(value)
        }
    }

    func finish() {
        finished = true
    }
}
