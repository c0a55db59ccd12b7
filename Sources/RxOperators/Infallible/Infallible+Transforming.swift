import RxCore

extension InfallibleType {
    /// Sends `transform` of each element: `map(_:)`.
    public func map<Result>(
        _ transform: @escaping (Element) -> Result, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Result> {
        Infallible(asObservable().map(transform, isolation: isolation, file: file, line: line))
    }

    /// Sends `transform` of each element, leaving out the `nil` results:
    /// `compactMap(_:)`.
    public func compactMap<Result>(
        _ transform: @escaping (Element) -> Result?, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Result> {
        Infallible(asObservable().compactMap(transform, isolation: isolation, file: file, line: line))
    }

    /// Sends, after each element, the result of `accumulator` applied to the previous result
    /// (`seed` at first) and the element: `scan(_:accumulator:)`.
    public func scan<Seed>(
        _ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Seed> {
        Infallible(asObservable().scan(seed, accumulator: accumulator, isolation: isolation, file: file, line: line))
    }

    /// Sends, after each element, the accumulated value that `accumulator` changes in place,
    /// starting from `seed`: `scan(into:accumulator:)`.
    public func scan<Seed>(
        into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Seed> {
        Infallible(
            asObservable().scan(into: seed, accumulator: accumulator, isolation: isolation, file: file, line: line))
    }

    /// Sends `resultSelector` of `obj` and each element while `obj` lives, and completes once
    /// it is released: `withUnretained(_:resultSelector:)`.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object, resultSelector: @escaping (Object, Element) -> Out,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Out> {
        Infallible(
            asObservable().withUnretained(
                obj, resultSelector: resultSelector, isolation: isolation, file: file, line: line))
    }

    /// Sends `obj` with each element while `obj` lives, and completes once it is released:
    /// `withUnretained(_:)`.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Infallible<(Object, Element)> {
        Infallible(asObservable().withUnretained(obj))
    }
}
