import RxCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A decoder that makes values from `Data`, such as `JSONDecoder` and `PropertyListDecoder`:
/// what `decode(type:decoder:)` needs.
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`, throwing if the data does not hold one.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

extension ObservableType where Element == Data {
    /// Each element decoded as a value of `type` by `decoder`. Data that does not decode ends
    /// the sequence with the decoder's error.
    public func decode<Item: Decodable>(type: Item.Type, decoder: some DataDecoder) -> Observable<Item> {
        map { try decoder.decode(type, from: $0) }
    }
}
