import RxCore
import RxDisposables

extension ObservableType {
    /// Passes on elements while `predicate` returns `true`, and completes at the first element
    /// for which it returns `false` (passing that element on too when `behavior` is
    /// ``TakeBehavior/inclusive``).
    ///
    /// An error thrown by `predicate` is sent as `error` and ends the subscription.
    public func take(
        while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let predicate =
            handlerIsolation.isNonisolated ? predicate : handlerIsolation.guarding(predicate, "take(while:)")
        return TakeWhile(source: asObservable(), behavior: behavior, predicate: predicate)
    }
}

/// The producer behind `take(while:behavior:)`.
final class TakeWhile<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let behavior: TakeBehavior
    private let predicate: Predicate

    init(source: Observable<Element>, behavior: TakeBehavior, predicate: @escaping Predicate) {
        self.source = source
        self.behavior = behavior
        self.predicate = predicate
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = TakeWhileSink(behavior: behavior, predicate: predicate, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Forwards elements until the predicate first fails.
final class TakeWhileSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element
    typealias Predicate = (Element) throws -> Bool

    private let behavior: TakeBehavior
    private let predicate: Predicate
    private var running = true

    init(behavior: TakeBehavior, predicate: @escaping Predicate, observer: Observer, cancel: any Cancelable) {
        self.behavior = behavior
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        guard running else { return }
        do {
            running = try predicate(element)
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        if running {
            forwardNext(element)
            return
        }
        if behavior == .inclusive {
            forwardNext(element)
        }
        forwardCompletedAndDispose()
    }

}
