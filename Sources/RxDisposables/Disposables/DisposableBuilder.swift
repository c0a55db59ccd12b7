extension DisposeBag {
    /// Gathers the disposables listed in a closure, one per line, into an array.
    @resultBuilder
    public struct DisposableBuilder {
        /// The listed disposables, in order.
        public static func buildBlock(_ disposables: any Disposable...) -> [any Disposable] {
            disposables
        }
    }

    /// A bag that holds the disposables listed in `builder`.
    public convenience init(@DisposableBuilder builder: () -> [any Disposable]) {
        self.init(disposing: builder())
    }

    /// Adds the disposables listed in `builder` to the bag.
    public func insert(@DisposableBuilder builder: () -> [any Disposable]) {
        insert(builder())
    }
}
