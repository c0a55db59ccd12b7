import RxCore

/// An observer written as its three event methods, `onNext(_:)`, `onError(_:)` and
/// `onCompleted()`: its `on(_:)` routes each event to the matching one.
///
/// Sources call the three methods directly (every sink does), so no `Event` is built on the way:
/// building one in code generic over the element asks the runtime for its type metadata. A
/// conformer implements all three; `ObserverType`'s defaults for them call `on(_:)`, which would
/// call them back.
protocol EventRoutingObserver: ObserverType {}

extension EventRoutingObserver {
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            onError(error)
        case .completed:
            onCompleted()
        }
    }
}
