import RxCore

// RxSwift 5's spellings of the scheduling operators, which RxSwift 6 deprecated and still keeps:
// `observeOn(_:)` and `subscribeOn(_:)`. Each forwards to the operator it was renamed to, so old
// code compiles, with a warning and a fix-it. (The traits' spellings are in TraitSpellings.swift.)

extension ObservableType {
    /// The RxSwift 5 spelling of ``observe(on:)``.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }

    /// The RxSwift 5 spelling of ``subscribe(on:)``.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}
