import Foundation

/// A data source of a sectioned view (a table, a collection) that hands out the model at an
/// index path. UI frameworks' extensions adopt it; here so that code naming it compiles
/// everywhere.
public protocol SectionedViewDataSourceType {
    /// The model at `indexPath`; throws ``RxCocoaError/itemsNotYetBound(object:)`` when no
    /// items are bound yet.
    func model(at indexPath: IndexPath) throws -> Any
}
