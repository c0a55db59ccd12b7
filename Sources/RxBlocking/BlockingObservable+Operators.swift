import RxCore

/// How a sequence read with ``BlockingObservable/materialize()`` ended, with every element it
/// sent before.
@frozen
public enum MaterializedSequenceResult<T> {
    /// The sequence completed after sending `elements`.
    case completed(elements: [T])
    /// The sequence failed with `error` after sending `elements`; a timeout is reported here as
    /// ``/RxCore/RxError/timeout``.
    case failed(elements: [T], error: any Error)
}

extension BlockingObservable {
    /// Blocks until the sequence ends and returns every element it sent.
    ///
    /// - Throws: the sequence's error, or ``/RxCore/RxError/timeout`` when the timeout runs out.
    public func toArray() throws -> [Element] {
        try BlockingWait.run(source, timeout: timeout, limit: nil, predicate: nil).elementsOrThrow()
    }

    /// Blocks until the sequence sends its first element, and returns it; the subscription is
    /// disposed as soon as that element arrives. `nil` when the sequence completes empty.
    ///
    /// - Throws: the sequence's error if it fails before any element, or
    ///   ``/RxCore/RxError/timeout`` when the timeout runs out first.
    public func first() throws -> Element? {
        try BlockingWait.run(source, timeout: timeout, limit: 1, predicate: nil).elementsOrThrow().first
    }

    /// Blocks until the sequence ends and returns its last element; `nil` when it completes
    /// empty.
    ///
    /// - Throws: the sequence's error, or ``/RxCore/RxError/timeout`` when the timeout runs out.
    public func last() throws -> Element? {
        try BlockingWait.run(source, timeout: timeout, limit: nil, predicate: nil).elementsOrThrow().last
    }

    /// Blocks until the sequence ends and returns its only element. A second element stops the
    /// wait at once (the subscription is disposed).
    ///
    /// - Throws: ``/RxCore/RxError/noElements`` when the sequence completes empty,
    ///   ``/RxCore/RxError/moreThanOneElement`` on a second element, the sequence's error, or
    ///   ``/RxCore/RxError/timeout`` when the timeout runs out.
    public func single() throws -> Element {
        try BlockingWait.run(source, timeout: timeout, limit: 2, predicate: nil).onlyElement()
    }

    /// Blocks until the sequence ends and returns its only element that satisfies `predicate`.
    /// A second such element stops the wait at once (the subscription is disposed).
    ///
    /// `predicate` runs on the thread that delivers each element, which is often not the
    /// blocked one; written in actor-isolated code, it is checked as every closure the library
    /// keeps (see the Concurrency guide).
    ///
    /// - Throws: ``/RxCore/RxError/noElements`` when no element satisfies `predicate`,
    ///   ``/RxCore/RxError/moreThanOneElement`` on a second one, an error `predicate` throws
    ///   (which ends the subscription), the sequence's error, or ``/RxCore/RxError/timeout``
    ///   when the timeout runs out.
    public func single(
        _ predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) throws -> Element {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let predicate = handlerIsolation.isNonisolated ? predicate : handlerIsolation.guarding(predicate, "single(_:)")
        return try BlockingWait.run(source, timeout: timeout, limit: 2, predicate: predicate).onlyElement()
    }

    /// Blocks until the sequence ends and returns how it ended with every element it sent; never
    /// throws: an error, and a timeout as ``/RxCore/RxError/timeout``, is reported as
    /// ``MaterializedSequenceResult/failed(elements:error:)``.
    public func materialize() -> MaterializedSequenceResult<Element> {
        BlockingWait.run(source, timeout: timeout, limit: nil, predicate: nil)
    }
}

extension MaterializedSequenceResult {
    /// The elements of a completed sequence; the error of a failed one, thrown.
    fileprivate func elementsOrThrow() throws -> [T] {
        switch self {
        case .completed(let elements): return elements
        case .failed(_, let error): throw error
        }
    }

    /// The one element of a completed sequence, as `single()` answers.
    fileprivate func onlyElement() throws -> T {
        let elements = try elementsOrThrow()
        guard let element = elements.first else { throw RxError.noElements }
        guard elements.count == 1 else { throw RxError.moreThanOneElement }
        return element
    }
}
