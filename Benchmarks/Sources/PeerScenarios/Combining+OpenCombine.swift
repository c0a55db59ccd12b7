import OpenCombine
import Scenarios

extension Combining {
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
}
