/// The element types `timer`, `interval` and `range` produce: any fixed-width integer
/// (`Int`, `UInt8`, `Int64`, ...).
public typealias RxAbstractInteger = FixedWidthInteger
