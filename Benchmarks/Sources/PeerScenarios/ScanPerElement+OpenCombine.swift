import OpenCombine
import Scenarios

extension ScanPerElement {
    static func openCombine(elements: Int) -> Int {
        let step = Workload.step
        let total = Accumulator()
        let subject = PassthroughSubject<Int, Never>()
        let subscription = subject.scan(0) { (sum: Int, value: Int) -> Int in sum &+ value &+ step }
            .sink { total.sum = $0 }
        for element in 0..<elements {
            subject.send(element)
        }
        subject.send(completion: .finished)
        subscription.cancel()
        return total.sum
    }
}
