import RxCore
import RxDisposables

/// Transforms each element and forwards the results the predicate accepts.
final class MapFilterSink<SourceType, Result, Observer: ObserverType>: Sink<Observer>,
    TerminalEventForwarding
where Observer.Element == Result {
    typealias Element = SourceType

    private let transform: (SourceType) throws -> Result
    private let predicate: (Result) throws -> Bool

    init(
        transform: @escaping (SourceType) throws -> Result, predicate: @escaping (Result) throws -> Bool,
        observer: Observer, cancel: any Cancelable
    ) {
        self.transform = transform
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func onNext(_ element: SourceType) {
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
