import OpenCombine
import RxCore
import RxDisposables
import RxOperators

/// The combining operators fed by two subjects with alternating sends, beside OpenCombine's
/// `zip` and, where OpenCombine 0.14 has no counterpart (`combineLatest`, `withLatestFrom`), a
/// closure floor: two optionals and a callback.
enum Combining {
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

    static func zipOpenCombine(elements: Int) -> Int {
        let total = Accumulator()
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let subscription = first.zip(second).sink { total.sum &+= $0.0 &+ $0.1 }
        for _ in 0..<elements / 2 {
            first.send(1)
            second.send(1)
        }
        subscription.cancel()
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
