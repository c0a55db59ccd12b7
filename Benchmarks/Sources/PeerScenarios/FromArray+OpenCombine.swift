import OpenCombine
import Scenarios

extension FromArray {
    static func openCombine(elements: Int) -> Int {
        let array = Array(0..<arrayLength)
        let total = Accumulator()
        for _ in 0..<elements / arrayLength {
            let subscription = array.publisher.sink { total.sum &+= $0 }
            subscription.cancel()
        }
        return total.sum
    }
}
