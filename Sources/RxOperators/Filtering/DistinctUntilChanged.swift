import RxCore
import RxDisposables

extension ObservableType where Element: Equatable {
    /// Passes on each element that differs from the one passed on before it; the first element
    /// always passes.
    public func distinctUntilChanged() -> Observable<Element> {
        DistinctUntilChanged(source: asObservable())
    }
}

extension ObservableType {
    /// Passes on each element whose key, given by `keySelector`, differs from the key of the
    /// element passed on before it. An error thrown by `keySelector` ends the sequence.
    public func distinctUntilChanged(
        _ keySelector: @escaping (Element) throws -> some Equatable, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let keySelector =
            handlerIsolation.isNonisolated
            ? keySelector : handlerIsolation.guarding(keySelector, "distinctUntilChanged(_:)")
        // Already guarded: the form called here must not check a second time.
        return distinctUntilChanged(keySelector, comparer: ==, isolation: nil)
    }

    /// Passes on each element that `comparer` does not call equal to the element passed on
    /// before it (that one first, the new one second). An error thrown by `comparer` ends the
    /// sequence.
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) throws -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let comparer =
            handlerIsolation.isNonisolated ? comparer : handlerIsolation.guarding(comparer, "distinctUntilChanged(_:)")
        return distinctUntilChanged({ $0 }, comparer: comparer, isolation: nil)
    }

    /// Passes on each element whose key, given by `keySelector`, `comparer` does not call equal
    /// to the key of the element passed on before it (that key first, the new one second). Only
    /// that key is kept, not its element. An error thrown by either closure ends the sequence.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let keySelector =
            handlerIsolation.isNonisolated
            ? keySelector : handlerIsolation.guarding(keySelector, "distinctUntilChanged(_:)")
        let comparer =
            handlerIsolation.isNonisolated
            ? comparer : handlerIsolation.guarding(comparer, "distinctUntilChanged(comparer:)")
        return DistinctUntilChangedByKey(source: asObservable(), keySelector: keySelector, comparer: comparer)
    }

    /// Passes on each element whose value at `keyPath` differs from that of the element passed
    /// on before it.
    public func distinctUntilChanged(at keyPath: KeyPath<Element, some Equatable>) -> Observable<Element> {
        distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: ==)
    }
}

/// The producer behind `distinctUntilChanged()`, which compares elements with `==` directly.
final class DistinctUntilChanged<Element: Equatable>: Producer<Element> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = DistinctUntilChangedSink<Element, Observer>(observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Keeps the last element passed on and drops the next ones equal to it.
final class DistinctUntilChangedSink<Element: Equatable, Observer: ObserverType>: Sink<Observer>,
    TerminalEventForwarding
where Observer.Element == Element {
    // Touched only by `onNext(_:)`, which a source calls serially.
    @exclusivity(unchecked)
    private var last = ElementSlot<Element>()

    @inline(__always)
    func onNext(_ element: Element) {
        if last.hasElement && last.element == element {
            return
        }
        if last.hasElement {
            // The replaced element dies here, outside the slot's access, before the new one is
            // passed on.
            _ = last.replace(with: element)
        } else {
            last.store(element)
        }
        forwardNext(element)
    }
}

/// The producer behind the forms of `distinctUntilChanged` that take closures.
final class DistinctUntilChangedByKey<Element, Key>: Producer<Element> {
    private let source: Observable<Element>
    private let keySelector: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool

    init(
        source: Observable<Element>, keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool
    ) {
        self.source = source
        self.keySelector = keySelector
        self.comparer = comparer
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = DistinctUntilChangedByKeySink(
            keySelector: keySelector, comparer: comparer, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }
}

/// Keeps the key of the last element passed on and drops the next elements whose keys the
/// comparer calls equal to it.
final class DistinctUntilChangedByKeySink<Key, Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    typealias Element = Observer.Element

    private let keySelector: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool
    // Touched only by `onNext(_:)`, which a source calls serially.
    @exclusivity(unchecked)
    private var lastKey = ElementSlot<Key>()

    init(
        keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool,
        observer: Observer, cancel: any Cancelable
    ) {
        self.keySelector = keySelector
        self.comparer = comparer
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        do {
            let key = try keySelector(element)
            if lastKey.hasElement, try comparer(lastKey.element, key) {
                return
            }
            if lastKey.hasElement {
                // The replaced key dies here, outside the slot's access.
                _ = lastKey.replace(with: key)
            } else {
                lastKey.store(key)
            }
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        forwardNext(element)
    }
}
