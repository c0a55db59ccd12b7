import RxCore
import RxOperators

/// A small pipeline built as a user of the framework would build it.
public enum Pipeline {
    /// The squares of the even elements of `source`, at most `limit` of them.
    public static func evenSquares<Source: ObservableConvertibleType>(of source: Source, limit: Int) -> Observable<Int>
    where Source.Element == Int {
        source.asObservable()
            .filter { $0.isMultiple(of: 2) }
            .map { $0 * $0 }
            .take(limit)
    }
}
