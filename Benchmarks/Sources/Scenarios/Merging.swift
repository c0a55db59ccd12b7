import RxCore
import RxDisposables
import RxOperators

/// The merging operators: `flatMap` per inner sequence beside OpenCombine's, and `merge` of two
/// subjects per element beside a closure floor (OpenCombine 0.14 has no `merge` of subjects to
/// set beside it).
package enum Merging {
    /// `flat_map_just`: `from` an array of `inners` integers through `flatMap { just($0) }` into a
    /// summing sink, per inner sequence.
    static func flatMapRx(inners: Int) -> Int {
        let total = Accumulator()
        let subscription = Observable.from(Array(0..<inners)).flatMap { Observable.just($0) }
            .subscribe(onNext: { total.sum &+= $0 })
        subscription.dispose()
        return total.sum
    }

    static func flatMapFloor(inners: Int) -> Int {
        let total = Accumulator()
        let sink: (Int) -> Void = opaque { total.sum &+= $0 }
        // One closure made and called per inner, as the least a `flatMap` does.
        for element in Array(0..<inners) {
            let inner: (Int) -> Void = opaque { sink($0) }
            inner(element)
        }
        return total.sum
    }

    static func flatMapExpected(inners: Int) -> Int {
        inners * (inners - 1) / 2
    }

    /// `merge_two_subjects`: `Observable.merge(a, b)` of two `PublishSubject`s, the elements sent
    /// to each in turn, into a summing sink, per element.
    static func mergeRx(elements: Int) -> Int {
        let total = Accumulator()
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        let subscription = Observable.merge(left.asObservable(), right.asObservable())
            .subscribe(onNext: { total.sum &+= $0 })
        for element in 0..<elements {
            if element & 1 == 0 {
                left.onNext(element)
            } else {
                right.onNext(element)
            }
        }
        subscription.dispose()
        return total.sum
    }

    /// The floor: two closures calling one callback, the stand-in for two sources.
    static func mergeFloor(elements: Int) -> Int {
        let total = Accumulator()
        let sink: (Int) -> Void = opaque { total.sum &+= $0 }
        let left: (Int) -> Void = opaque { sink($0) }
        let right: (Int) -> Void = opaque { sink($0) }
        for element in 0..<elements {
            if element & 1 == 0 {
                left(element)
            } else {
                right(element)
            }
        }
        return total.sum
    }

    static func mergeExpected(elements: Int) -> Int {
        elements * (elements - 1) / 2
    }
}
