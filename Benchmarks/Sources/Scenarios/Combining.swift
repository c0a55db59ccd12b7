import RxCore
import RxDisposables
import RxOperators
import Synchronization

/// The combining operators fed by two subjects with alternating sends, beside OpenCombine's
/// `zip` where it has one, and a closure floor: two optionals and a callback for
/// `combineLatest` and `withLatestFrom` (which OpenCombine 0.14 lacks), two locked queues and a
/// callback for `zip`.
package enum Combining {
    /// `combine_latest`: `combineLatest` of two `PublishSubject`s, the two sent to in turn, into
    /// a summing sink, per element sent.
    static func combineLatestRx(elements: Int) -> Int {
        let total = Accumulator()
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let subscription = Observable.combineLatest(first, second).subscribe(onNext: { total.sum &+= $0.0 &+ $0.1 })
        for _ in 0..<elements / 2 {
            first.onNext(1)
            second.onNext(1)
        }
        subscription.dispose()
        return total.sum
    }

    static func combineLatestFloor(elements: Int) -> Int {
        let total = Accumulator()
        var latestFirst: Int?
        var latestSecond: Int?
        let emit: (Int) -> Void = opaque { total.sum &+= $0 }
        let onFirst: (Int) -> Void = opaque { value in
            latestFirst = value
            if let latestSecond { emit(value &+ latestSecond) }
        }
        let onSecond: (Int) -> Void = opaque { value in
            latestSecond = value
            if let latestFirst { emit(latestFirst &+ value) }
        }
        for _ in 0..<elements / 2 {
            onFirst(1)
            onSecond(1)
        }
        return total.sum
    }

    static func combineLatestExpected(elements: Int) -> Int {
        // Every send after the first makes a pair summing to 2.
        2 * (elements / 2 * 2 - 1)
    }

    /// `zip_per_element`: `zip` of two subjects sent to in turn, per element sent.
    static func zipRx(elements: Int) -> Int {
        let total = Accumulator()
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let subscription = Observable.zip(first, second).subscribe(onNext: { total.sum &+= $0.0 &+ $0.1 })
        for _ in 0..<elements / 2 {
            first.onNext(1)
            second.onNext(1)
        }
        subscription.dispose()
        return total.sum
    }

    /// The floor: two queues paired by hand. Each side's closure takes the lock, pairs its element
    /// with the head of the other side's queue if there is one or appends it to its own, and
    /// calls the callback with the pair outside the lock. The lock is the least a `zip` does,
    /// since its two sources may send from different threads; the queues keep their storage, so
    /// no element allocates.
    static func zipFloor(elements: Int) -> Int {
        let total = Accumulator()
        let queues = ZipQueues()
        let emit = opaquePair { total.sum &+= $0 &+ $1 }
        let onFirst: (Int) -> Void = opaque { value in
            if let other = queues.pairFirst(value) { emit(value, other) }
        }
        let onSecond: (Int) -> Void = opaque { value in
            if let other = queues.pairSecond(value) { emit(other, value) }
        }
        for _ in 0..<elements / 2 {
            onFirst(1)
            onSecond(1)
        }
        return total.sum
    }

    static func zipExpected(elements: Int) -> Int {
        elements / 2 * 2
    }

    /// `with_latest_from`: a subject's elements combined with the latest of another, the two sent
    /// to in turn, per element sent.
    static func withLatestFromRx(elements: Int) -> Int {
        let total = Accumulator()
        let source = PublishSubject<Int>()
        let other = PublishSubject<Int>()
        let subscription = source.withLatestFrom(other) { $0 &+ $1 }.subscribe(onNext: { total.sum &+= $0 })
        for _ in 0..<elements / 2 {
            other.onNext(1)
            source.onNext(1)
        }
        subscription.dispose()
        return total.sum
    }

    static func withLatestFromFloor(elements: Int) -> Int {
        let total = Accumulator()
        var latest: Int?
        let emit: (Int) -> Void = opaque { total.sum &+= $0 }
        let onSource: (Int) -> Void = opaque { value in
            if let latest { emit(value &+ latest) }
        }
        let onOther: (Int) -> Void = opaque { latest = $0 }
        for _ in 0..<elements / 2 {
            onOther(1)
            onSource(1)
        }
        return total.sum
    }

    static func withLatestFromExpected(elements: Int) -> Int {
        elements / 2 * 2
    }
}

/// The two queues of `zip_per_element`'s floor, under one `Mutex`.
private final class ZipQueues: Sendable {
    private let queues = Mutex<(first: [Int], second: [Int])>(([], []))

    /// The head of the second queue, taken out, to pair with `value`; or `nil`, with `value`
    /// appended to the first queue.
    @inline(never)
    func pairFirst(_ value: Int) -> Int? {
        queues.withLock { queues in
            if queues.second.isEmpty {
                queues.first.append(value)
                return nil
            }
            return queues.second.removeFirst()
        }
    }

    /// As `pairFirst(_:)`, the other way round.
    @inline(never)
    func pairSecond(_ value: Int) -> Int? {
        queues.withLock { queues in
            if queues.first.isEmpty {
                queues.second.append(value)
                return nil
            }
            return queues.first.removeFirst()
        }
    }
}

// As `opaque(_:)` in Workload.swift, for a callback that takes a pair.
@inline(never)
private func opaquePair(_ closure: @escaping (Int, Int) -> Void) -> (Int, Int) -> Void {
    closure
}
