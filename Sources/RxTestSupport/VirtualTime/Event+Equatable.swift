import Foundation
import RxCore

extension Event: Equatable where Element: Equatable {
    /// Whether two events are the same: equal elements, both `completed`, or errors with the
    /// same `NSError` domain and code and the same description (RxTest's rule).
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.next(let left), .next(let right)): left == right
        case (.error(let left), .error(let right)): errorsMatch(left, right)
        case (.completed, .completed): true
        default: false
        }
    }
}

/// Whether two errors count as the same in recorded events, by RxTest's rule on Apple
/// platforms: the same `NSError` domain and code, and the same description.
///
/// Errors are rarely `Equatable`; the bridged domain (the error's type) and code (its case)
/// with the description (its payload) tell errors apart without requiring it. This rule is
/// used on every platform, so a test means the same on Linux as on macOS (RxTest on Linux
/// compared descriptions only).
func errorsMatch(_ lhs: any Swift.Error, _ rhs: any Swift.Error) -> Bool {
    let left = lhs as NSError
    let right = rhs as NSError
    return left.domain == right.domain && left.code == right.code && "\(lhs)" == "\(rhs)"
}
