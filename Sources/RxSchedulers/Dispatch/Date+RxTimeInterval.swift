import RxCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Date {
    /// This date moved by `interval`; `nil` for `.never`, which no date reaches.
    func adding(_ interval: RxTimeInterval) -> Date? {
        interval.seconds.map { addingTimeInterval($0) }
    }
}
