import RxCore
import RxOperators

extension SharedSequence where Element: Sendable {
    /// The elements as an asynchronous sequence, for `for await` on the main actor; it ends
    /// when the shared sequence completes. Reading it subscribes at once; cancelling the
    /// iterating task disposes the subscription. As `Infallible`'s `values`, it needs
    /// `Sendable` elements, which RxSwift does not.
    @MainActor
    public var values: AsyncStream<Element> {
        asInfallible().values
    }
}
