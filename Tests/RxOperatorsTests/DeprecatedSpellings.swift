import RxCore
import RxOperators

/// The RxSwift 5 spellings as requirements, so that tests can check they still forward without
/// a deprecation warning at each call: calling through the protocol names no deprecated symbol.
protocol DeprecatedSpellings<Element> {
    associatedtype Element

    func subscribeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element>
    func observeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element>
}

@available(*, deprecated, message: "the conformance exists to call deprecated API")
extension Observable: DeprecatedSpellings {}

extension ObservableType {
    /// This sequence, seen through its deprecated spellings; the cast finds the conformance
    /// at run time, so no deprecated symbol is named here either.
    var deprecatedSpellings: any DeprecatedSpellings<Element> {
        let erased: Any = asObservable()
        guard let spellings = erased as? any DeprecatedSpellings<Element> else {
            fatalError("Observable lost its conformance to DeprecatedSpellings")
        }
        return spellings
    }
}
