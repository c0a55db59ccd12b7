import RxCore

extension InfallibleType {
    /// Passes on the elements `predicate` accepts: `filter(_:)`.
    public func filter(
        _ predicate: @escaping (Element) -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate, isolation: isolation, file: file, line: line))
    }

    /// Passes on the first `count` elements, then completes: `take(_:)`.
    /// A negative count stops the program, as there.
    public func take(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().take(count))
    }

    /// Passes on elements while `predicate` accepts them, then completes (with the first
    /// refused element too, when `behavior` is `.inclusive`):
    /// `take(while:behavior:)`.
    ///
    /// An error thrown by `predicate` is sent as an error, which an infallible sequence should
    /// never send (as RxSwift): see ``Infallible``.
    public func take(
        while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(
            asObservable().take(while: predicate, behavior: behavior, isolation: isolation, file: file, line: line))
    }

    /// Passes on elements until `predicate` accepts one, then completes (sending that one too
    /// when `behavior` is `.inclusive`): `take(until:behavior:)`.
    ///
    /// An error thrown by `predicate` is sent as an error, which an infallible sequence should
    /// never send (as RxSwift): see ``Infallible``.
    public func take(
        until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(
            asObservable().take(until: predicate, behavior: behavior, isolation: isolation, file: file, line: line))
    }

    /// Passes on elements until `other` sends an element, then completes:
    /// `take(until:)`.
    public func take(until other: some InfallibleType) -> Infallible<Element> {
        Infallible(asObservable().take(until: other.asObservable()))
    }

    /// Passes on elements until `other` sends an element, then completes.
    ///
    /// An error from `other` is passed on, which an infallible sequence should never send (as
    /// RxSwift): see ``Infallible``.
    public func take(until other: some ObservableType) -> Infallible<Element> {
        Infallible(asObservable().take(until: other))
    }

    /// Drops elements while `predicate` accepts them, then passes on the rest:
    /// `skip(while:)`.
    ///
    /// An error thrown by `predicate` is sent as an error, which an infallible sequence should
    /// never send (as RxSwift): see ``Infallible``.
    public func skip(
        while predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().skip(while: predicate, isolation: isolation, file: file, line: line))
    }

    /// Drops elements until `other` sends an element, then passes on the rest:
    /// `skip(until:)`.
    ///
    /// An error from `other` is passed on, which an infallible sequence should never send (as
    /// RxSwift): see ``Infallible``.
    public func skip(until other: some ObservableType) -> Infallible<Element> {
        Infallible(asObservable().skip(until: other))
    }
}

extension InfallibleType where Element: Equatable {
    /// Passes on each element that differs from the one passed on before it:
    /// `distinctUntilChanged()`.
    public func distinctUntilChanged() -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged())
    }
}

extension InfallibleType {
    /// Passes on each element whose key differs from that of the element passed on before it:
    /// `distinctUntilChanged(_:)`.
    ///
    /// An error thrown by `keySelector` is sent as an error, which an infallible sequence should
    /// never send (as RxSwift): see ``Infallible``.
    public func distinctUntilChanged(
        _ keySelector: @escaping (Element) throws -> some Equatable, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, isolation: isolation, file: file, line: line))
    }

    /// Passes on each element that `comparer` does not call equal to the element passed on
    /// before it.
    ///
    /// An error thrown by `comparer` is sent as an error, which an infallible sequence should
    /// never send (as RxSwift): see ``Infallible``.
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) throws -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(comparer, isolation: isolation, file: file, line: line))
    }

    /// Passes on each element whose key `comparer` does not call equal to the key of the
    /// element passed on before it.
    ///
    /// An error thrown by either closure is sent as an error, which an infallible sequence
    /// should never send (as RxSwift): see ``Infallible``.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(
            asObservable().distinctUntilChanged(
                keySelector, comparer: comparer, isolation: isolation, file: file, line: line))
    }

    /// Passes on each element whose value at `keyPath` differs from that of the element passed
    /// on before it.
    public func distinctUntilChanged(at keyPath: KeyPath<Element, some Equatable>) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(at: keyPath))
    }
}
