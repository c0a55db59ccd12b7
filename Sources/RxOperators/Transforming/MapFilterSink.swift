import RxCore
import RxDisposables

/// Transforms each element and forwards the results the predicate accepts.
final class MapFilterSink<SourceType, Result, Observer: ObserverType>: Sink<Observer>,
    TerminalEventForwarding
where Observer.Element == Result {
    typealias Element = SourceType

    private let transform: (SourceType) throws -> Result
    private let predicate: (Result) throws -> Bool
    private let isolation: HandlerIsolation

    init(
        transform: @escaping (SourceType) throws -> Result, predicate: @escaping (Result) throws -> Bool,
        isolation: HandlerIsolation, observer: Observer, cancel: any Cancelable
    ) {
        self.transform = transform
        self.predicate = predicate
        self.isolation = isolation
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func onNext(_ element: SourceType) {
        isolation.check("map(_:)")
        do {
            let mapped = try transform(element)
            if try predicate(mapped) {
                forwardNext(mapped)
            }
        } catch {
            forwardErrorAndDispose(error)
        }
    }
}
