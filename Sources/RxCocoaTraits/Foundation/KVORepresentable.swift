import Foundation

/// A type that can be made from the value key-value observing reports for it (an `NSNumber`
/// for the integer types).
///
/// Key-value observing exists only on Apple platforms; the protocol and the integer types'
/// conformances are here so that code naming them compiles everywhere.
public protocol KVORepresentable {
    /// The type key-value observing reports values of this type as.
    associatedtype KVOType

    /// The value `KVOValue` stands for, or `nil` when it stands for none.
    init?(KVOValue: KVOType)
}

extension Int: KVORepresentable {
    /// Integers are observed as `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's value, or `nil` when it does not fit.
    public init?(KVOValue: KVOType) {
        self.init(exactly: KVOValue.int64Value)
    }
}

extension Int32: KVORepresentable {
    /// Integers are observed as `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's value, or `nil` when it does not fit.
    public init?(KVOValue: KVOType) {
        self.init(exactly: KVOValue.int64Value)
    }
}

extension Int64: KVORepresentable {
    /// Integers are observed as `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's value.
    public init?(KVOValue: KVOType) {
        self.init(KVOValue.int64Value)
    }
}

extension UInt: KVORepresentable {
    /// Integers are observed as `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's value, or `nil` when it does not fit.
    public init?(KVOValue: KVOType) {
        self.init(exactly: KVOValue.uint64Value)
    }
}

extension UInt32: KVORepresentable {
    /// Integers are observed as `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's value, or `nil` when it does not fit.
    public init?(KVOValue: KVOType) {
        self.init(exactly: KVOValue.uint64Value)
    }
}

extension UInt64: KVORepresentable {
    /// Integers are observed as `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's value.
    public init?(KVOValue: KVOType) {
        self.init(KVOValue.uint64Value)
    }
}

extension Bool: KVORepresentable {
    /// Booleans are observed as `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's truth value.
    public init?(KVOValue: KVOType) {
        self.init(KVOValue.boolValue)
    }
}
