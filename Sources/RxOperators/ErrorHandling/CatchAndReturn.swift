import RxCore

extension ObservableType {
    /// Passes the source on until it fails; then sends `element` and completes instead of the
    /// error.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        Catch(source: asObservable(), handler: { _ in .just(element) })
    }
}
