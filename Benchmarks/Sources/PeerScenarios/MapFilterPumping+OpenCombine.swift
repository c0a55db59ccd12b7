import OpenCombine
import Scenarios

extension MapFilterPumping {
    static func openCombine(elements: Int) -> Int {
        let step = Workload.step
        let sentinel = Workload.sentinel
        let total = Accumulator()
        let subject = PassthroughSubject<Int, Never>()
        let subscription =
            subject
            .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
            .sink { total.sum &+= $0 }
        for element in 0..<elements {
            subject.send(element)
        }
        subject.send(completion: .finished)
        subscription.cancel()
        return total.sum
    }
}
