import RxCore

extension ObservableConvertibleType {
    /// This sequence as a ``Signal``: delivered on the main scheduler, and ending with
    /// `onErrorJustReturn` and completion if it fails.
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorJustReturn: onErrorJustReturn)
    }

    /// This sequence as a ``Signal``: delivered on the main scheduler, and going on with
    /// `onErrorSignalWith` if it fails.
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorDriveWith: onErrorSignalWith)
    }

    /// This sequence as a ``Signal``: delivered on the main scheduler, and going on with the
    /// signal `onErrorRecover` makes of the error if it fails.
    ///
    /// `isolation` is where the closure was written, filled in by the compiler (see
    /// `HandlerIsolation`).
    public func asSignal(
        onErrorRecover: @escaping (_ error: any Swift.Error) -> Signal<Element>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Element> {
        asSharedSequence(
            sharingStrategy: SignalSharingStrategy.self, onErrorRecover: onErrorRecover, isolation: isolation,
            file: file, line: line)
    }
}
