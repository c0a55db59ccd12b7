import RxCore
import RxDisposables
import RxOperators
import RxSchedulers

/// RxSwift code after the move, for Docs/MigratingFromRxSwift.md: only the imports changed.
public final class TenfoldPrinter {
    private let bag = DisposeBag()

    /// Creates a printer that holds its subscriptions until it is released.
    public init() {}

    /// Prints 10, 20 and 30 on the main queue.
    public func start() {
        Observable.of(1, 2, 3)
            .map { $0 * 10 }
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { print($0) })
            .disposed(by: bag)
    }
}
