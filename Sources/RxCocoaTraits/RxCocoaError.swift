// @unchecked Sendable: the objects the cases carry are only read for their descriptions.
/// The errors RxCocoa's bindings report; here for code that names or catches them. The cases
/// about swizzling, key paths and data sources come from Apple's UI frameworks' extensions and
/// are not sent by this module.
public enum RxCocoaError: Swift.Error, CustomDebugStringConvertible, @unchecked Sendable {
    /// An error with nothing more known.
    case unknown
    /// An operation that `object` does not allow was attempted.
    case invalidOperation(object: Any)
    /// A data source was asked for items before any were bound to `object`.
    case itemsNotYetBound(object: Any)
    /// `object` has no property named `propertyName`.
    case invalidPropertyName(object: Any, propertyName: String)
    /// `object`, reached as `propertyName` of `sourceObject`, cannot be observed.
    case invalidObjectOnKeyPath(object: Any, sourceObject: AnyObject, propertyName: String)
    /// Replacing a method's implementation at run time failed.
    case errorDuringSwizzling
    /// `object` could not be cast to `targetType`.
    case castingError(object: Any, targetType: any Any.Type)

    /// A sentence describing the error.
    public var debugDescription: String {
        switch self {
        case .unknown:
            "An unknown error occurred."
        case .invalidOperation(let object):
            "An invalid operation was attempted on `\(object)`."
        case .itemsNotYetBound(let object):
            "A data source is set, but no items are bound yet to `\(object)`."
        case .invalidPropertyName(let object, let propertyName):
            "`\(object)` has no property named `\(propertyName)`."
        case .invalidObjectOnKeyPath(let object, let sourceObject, let propertyName):
            "`\(object)`, reached as `\(propertyName)` of `\(sourceObject)`, cannot be observed."
        case .errorDuringSwizzling:
            "Replacing a method's implementation failed."
        case .castingError(let object, let targetType):
            "`\(object)` could not be cast to `\(targetType)`."
        }
    }
}
