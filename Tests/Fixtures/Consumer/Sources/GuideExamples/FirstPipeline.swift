import RxCore
import RxDisposables
import RxOperators

/// The first pipeline of Docs/GettingStarted.md: even numbers, squared, printed.
public final class SquarePrinter {
    private let bag = DisposeBag()

    /// Creates a printer that holds its subscriptions until it is released.
    public init() {}

    /// Prints the squares of the even numbers in `numbers`, then "done".
    public func printEvenSquares(of numbers: [Int]) {
        Observable.from(numbers)
            .filter { $0.isMultiple(of: 2) }
            .map { $0 * $0 }
            .subscribe(
                onNext: { print($0) },
                onCompleted: { print("done") }
            )
            .disposed(by: bag)
    }
}
