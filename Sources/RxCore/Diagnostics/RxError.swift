// @unchecked Sendable: the object in `disposed(object:)` is only read for its description.
/// The errors the framework itself produces.
public enum RxError: Swift.Error, CustomDebugStringConvertible, @unchecked Sendable {
    /// An error with no more specific description.
    case unknown
    /// An operation was performed on a disposed object.
    case disposed(object: AnyObject)
    /// An arithmetic operation overflowed.
    case overflow
    /// An argument was out of its allowed range.
    case argumentOutOfRange
    /// A sequence had no elements where one was required.
    case noElements
    /// A sequence had more than one element where one was required.
    case moreThanOneElement
    /// An operation did not finish in time.
    case timeout

    /// A sentence describing the error.
    public var debugDescription: String {
        switch self {
        case .unknown: "Unknown error occurred."
        case .disposed(let object): "Object `\(object)` was already disposed."
        case .overflow: "Arithmetic overflow occurred."
        case .argumentOutOfRange: "Argument out of range."
        case .noElements: "Sequence doesn't contain any elements."
        case .moreThanOneElement: "Sequence contains more than one element."
        case .timeout: "Sequence timeout."
        }
    }
}
