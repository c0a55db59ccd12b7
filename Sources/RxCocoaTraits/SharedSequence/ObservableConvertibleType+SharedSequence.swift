import RxCore
import RxOperators

extension ObservableConvertibleType {
    /// This sequence as a shared sequence of strategy `S`: delivered on the strategy's
    /// scheduler, and ending with `onErrorJustReturn` and completion if it fails.
    public func asSharedSequence<S>(
        sharingStrategy _: S.Type = S.self, onErrorJustReturn: Element
    ) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// This sequence as a shared sequence of strategy `S`: delivered on the strategy's
    /// scheduler, and going on with `onErrorDriveWith` if it fails.
    public func asSharedSequence<S>(
        sharingStrategy _: S.Type = S.self, onErrorDriveWith: SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        let fallback = onErrorDriveWith.asObservable()
        return SharedSequence(asObservable().observe(on: S.scheduler).catch({ _ in fallback }, isolation: nil))
    }

    /// This sequence as a shared sequence of strategy `S`: delivered on the strategy's
    /// scheduler, and going on with what `onErrorRecover` makes of the error if it fails.
    ///
    /// `isolation` is where the closure was written, filled in by the compiler (see
    /// `HandlerIsolation`).
    public func asSharedSequence<S>(
        sharingStrategy _: S.Type = S.self,
        onErrorRecover: @escaping (_ error: any Swift.Error) -> SharedSequence<S, Element>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<S, Element> {
        SharedSequence(
            asObservable().observe(on: S.scheduler).catch(
                { onErrorRecover($0).asObservable() }, isolation: isolation, file: file, line: line))
    }
}
