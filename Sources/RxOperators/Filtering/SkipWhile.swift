import RxCore
import RxDisposables

extension ObservableType {
    /// Drops elements while `predicate` holds, then passes on the first element that fails it
    /// and every element after, without asking again. An error thrown by `predicate` ends the
    /// sequence.
    public func skip(
        while predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let predicate =
            handlerIsolation.isNonisolated ? predicate : handlerIsolation.guarding(predicate, "skip(while:)")
        return SkipWhile(source: asObservable(), predicate: predicate)
    }
}

/// The producer behind `skip(while:)`.
final class SkipWhile<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let predicate: (Element) throws -> Bool

    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = SkipWhileSink(predicate: predicate, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Asks the predicate until it first fails, then forwards everything.
final class SkipWhileSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element

    private let predicate: (Element) throws -> Bool
    // Touched only by `onNext(_:)`, which a source calls serially.
    private var isSkipping = true

    init(predicate: @escaping (Element) throws -> Bool, observer: Observer, cancel: any Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func onNext(_ element: Element) {
        if isSkipping {
            do {
                isSkipping = try predicate(element)
            } catch {
                forwardErrorAndDispose(error)
                return
            }
            if isSkipping {
                return
            }
        }
        forwardNext(element)
    }
}
