import RxCore

extension ObservableConvertibleType {
    /// This sequence as a ``Driver``: delivered on the main scheduler, and ending with
    /// `onErrorJustReturn` and completion if it fails.
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: onErrorJustReturn)
    }

    /// This sequence as a ``Driver``: delivered on the main scheduler, and going on with
    /// `onErrorDriveWith` if it fails.
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorDriveWith: onErrorDriveWith)
    }

    /// This sequence as a ``Driver``: delivered on the main scheduler, and going on with the
    /// driver `onErrorRecover` makes of the error if it fails.
    ///
    /// `isolation` is where the closure was written, filled in by the compiler (see
    /// `HandlerIsolation`).
    public func asDriver(
        onErrorRecover: @escaping (_ error: any Swift.Error) -> Driver<Element>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Driver<Element> {
        asSharedSequence(
            sharingStrategy: DriverSharingStrategy.self, onErrorRecover: onErrorRecover, isolation: isolation,
            file: file, line: line)
    }
}
