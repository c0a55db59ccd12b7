import RxCore

// RxSwift 5's spellings of the filtering operators, which RxSwift 6 deprecated and still keeps:
// `elementAt(_:)`, `skipUntil(_:)`, `skipWhile(_:)`, both forms of `takeUntil`, and
// `takeWhile(_:)`. Each forwards to the operator it was renamed to, so old code compiles, with a
// warning and a fix-it.
//
// A spelling that takes a closure comes twice, as every closure-taking operator does
// (CONTRIBUTING.md, rule 4): a call picks the form with `isolation:`, which checks where the
// closure runs; RxSwift's exact signature, without it, is kept for references by name.

extension ObservableType {
    /// The RxSwift 5 spelling of ``element(at:)``.
    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }

    /// The RxSwift 5 spelling of ``skip(until:)``.
    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil(_ other: some ObservableType) -> Observable<Element> {
        skip(until: other)
    }

    /// The RxSwift 5 spelling of ``skip(while:isolation:file:line:)``.
    @available(*, deprecated, renamed: "skip(while:isolation:)")
    public func skipWhile(
        _ predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        skip(while: predicate, isolation: isolation, file: file, line: line)
    }

    /// The RxSwift 5 spelling of ``take(until:)``.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil(_ other: some ObservableType) -> Observable<Element> {
        take(until: other)
    }

    /// The RxSwift 5 spelling of ``take(until:behavior:isolation:file:line:)``, with the behavior first.
    @available(*, deprecated, renamed: "take(until:behavior:isolation:)")
    public func takeUntil(
        _ behavior: TakeBehavior, predicate: @escaping (Element) throws -> Bool,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        take(until: predicate, behavior: behavior, isolation: isolation, file: file, line: line)
    }

    /// The RxSwift 5 spelling of ``take(while:behavior:isolation:file:line:)`` with the default,
    /// `.exclusive`, behavior.
    @available(*, deprecated, renamed: "take(while:isolation:)")
    public func takeWhile(
        _ predicate: @escaping (Element) throws -> Bool, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        take(while: predicate, behavior: .exclusive, isolation: isolation, file: file, line: line)
    }
}
