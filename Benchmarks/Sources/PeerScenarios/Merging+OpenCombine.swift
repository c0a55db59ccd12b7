import OpenCombine
import Scenarios

extension Merging {
    static func flatMapOpenCombine(inners: Int) -> Int {
        let total = Accumulator()
        let subscription = Array(0..<inners).publisher.flatMap { Just($0) }.sink { total.sum &+= $0 }
        subscription.cancel()
        return total.sum
    }
}
