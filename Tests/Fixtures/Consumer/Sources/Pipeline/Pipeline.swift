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

    /// Sends the even squares of `numbers`, at most `limit` of them, to `receive`, keeping the
    /// subscription in `bag`. `DisposeBag` and `disposed(by:)` come from RxDisposables, which
    /// RxCore re-exports: this file imports only RxCore and RxOperators.
    public static func deliverEvenSquares(
        of numbers: [Int], limit: Int, in bag: DisposeBag, to receive: @escaping (Int) -> Void
    ) {
        evenSquares(of: Observable.from(numbers), limit: limit)
            .subscribe(onNext: receive)
            .disposed(by: bag)
    }
}
