import RxCore
import RxDisposables
import RxOperators

/// `observe_on`: elements from `create` through `observe(on:)` on the current-thread
/// scheduler, per element. The whole batch queues while `create` runs and drains after it, so
/// every element pays `observe(on:)`'s enqueue, its dequeue and one recursive scheduling step.
enum ObserveOnTrampoline {
    static func rx(elements: Int) -> Int {
        let total = Accumulator()
        let source = Observable<Int>.create { observer in
            for element in 0..<elements {
                observer.onNext(element)
            }
            observer.onCompleted()
            return Disposables.create()
        }
        let subscription = source.observe(on: CurrentThreadScheduler.instance)
            .subscribe(onNext: { total.sum &+= $0 })
        subscription.dispose()
        return total.sum
    }

    /// The same queue-then-deliver work with an array and a loop.
    static func floor(elements: Int) -> Int {
        let total = Accumulator()
        let sink: (Int) -> Void = opaque { total.sum &+= $0 }
        var queue: [Int] = []
        for element in 0..<elements {
            queue.append(element)
        }
        for element in queue {
            sink(element)
        }
        return total.sum
    }

    static func expected(elements: Int) -> Int {
        shiftedSum(count: elements, offset: 0)
    }
}
