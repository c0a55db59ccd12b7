import RxCore

extension MaybeEvent: Equatable where Element: Equatable {
    /// Whether two events are the same: equal elements, both `completed`, or errors with the
    /// same `NSError` domain and code and the same description (RxTest's rule, as for `Event`).
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.success(let left), .success(let right)): left == right
        case (.error(let left), .error(let right)): errorsMatch(left, right)
        case (.completed, .completed): true
        default: false
        }
    }
}

extension CompletableEvent: Equatable {
    /// Whether two events are the same: both `completed`, or errors with the same `NSError`
    /// domain and code and the same description (RxTest's rule, as for `Event`).
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.error(let left), .error(let right)): errorsMatch(left, right)
        case (.completed, .completed): true
        default: false
        }
    }
}

/// Whether two `Single` events are the same: equal elements, or errors by RxTest's rule.
/// (`SingleEvent` is the standard library's `Result`, which this module does not make
/// `Equatable` for every error type.)
func singleEventsMatch<Element: Equatable>(_ lhs: SingleEvent<Element>, _ rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let left), .success(let right)): left == right
    case (.failure(let left), .failure(let right)): errorsMatch(left, right)
    default: false
    }
}
