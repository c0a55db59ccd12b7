/// Anything that can present itself as an ``Observable``.
public protocol ObservableConvertibleType<Element> {
    /// The type of the elements of the sequence.
    associatedtype Element

    /// This value as an observable sequence.
    func asObservable() -> Observable<Element>
}
