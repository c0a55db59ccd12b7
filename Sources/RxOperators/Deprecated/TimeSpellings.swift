import RxCore

// RxSwift 5's spelling of a time operator, which RxSwift 6 deprecated and still keeps:
// `take(_:scheduler:)`, now `take(for:scheduler:)`. It forwards, so old code compiles, with a
// warning and a fix-it.

extension ObservableType {
    /// The RxSwift 5 spelling of ``take(for:scheduler:)``.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(_ duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }
}
