import RxCore

extension ObservableType {
    /// Like `flatMap(_:)`, but an element that arrives while an inner sequence is still running
    /// is ignored: `selector` is not called for it.
    ///
    /// Completes once the source and the running inner sequence have completed. The first error,
    /// from the source, the inner sequence or thrown by `selector`, is passed on and disposes
    /// every subscription.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Source.Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let selector =
            handlerIsolation.isNonisolated ? selector : handlerIsolation.guarding(selector, "flatMapFirst(_:)")
        return FlatMap(source: asObservable(), selector: selector, dropsWhileActive: true)
    }
}
