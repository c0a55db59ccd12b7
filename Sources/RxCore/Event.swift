/// One thing an observable sequence says: an element, an error, or that it has completed.
///
/// A sequence follows the grammar `next* (error | completed)?`: any number of elements, then at
/// most one terminal event, and nothing after it.
@frozen
public enum Event<Element> {
    /// An element of the sequence.
    case next(Element)
    /// The sequence failed with an error; nothing follows.
    case error(any Swift.Error)
    /// The sequence ended normally; nothing follows.
    case completed
}

extension Event: Sendable where Element: Sendable {}

extension Event: CustomStringConvertible {
    /// `next(value)`, `error(error)` or `completed`.
    public var description: String {
        switch self {
        case .next(let value): "next(\(value))"
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }
}

extension Event: CustomDebugStringConvertible {
    /// The same text as ``description``, so `debugPrint` and `String(reflecting:)` read as in RxSwift.
    public var debugDescription: String {
        description
    }
}

extension Event {
    /// Whether this is `error` or `completed`.
    @inlinable
    public var isStopEvent: Bool {
        switch self {
        case .next: false
        case .error, .completed: true
        }
    }

    /// The element of a `next` event, otherwise `nil`.
    @inlinable
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `error` event, otherwise `nil`.
    @inlinable
    public var error: (any Swift.Error)? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Whether this is `completed`.
    @inlinable
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// Transforms the element of a `next` event; an error thrown by `transform` becomes an
    /// `error` event. Terminal events pass through unchanged.
    @inlinable
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        do {
            switch self {
            case .next(let element): return .next(try transform(element))
            case .error(let error): return .error(error)
            case .completed: return .completed
            }
        } catch {
            return .error(error)
        }
    }
}
