import RxCore
import RxOperators

/// `from_array`: subscribing to a 100-element array, per element.
package enum FromArray {
    package static let arrayLength = 100

    static func rx(elements: Int) -> Int {
        let array = Array(0..<arrayLength)
        let total = Accumulator()
        for _ in 0..<elements / arrayLength {
            let subscription = Observable.from(array).subscribe(onNext: { total.sum &+= $0 })
            subscription.dispose()
        }
        return total.sum
    }

    static func floor(elements: Int) -> Int {
        let array = Array(0..<arrayLength)
        let total = Accumulator()
        let sink: (Int) -> Void = opaque { total.sum &+= $0 }
        for _ in 0..<elements / arrayLength {
            for element in array {
                sink(element)
            }
        }
        return total.sum
    }

    static func expected(elements: Int) -> Int {
        elements / arrayLength * shiftedSum(count: arrayLength, offset: 0)
    }
}
