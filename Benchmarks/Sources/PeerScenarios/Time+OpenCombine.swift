import Dispatch
import OpenCombine
import OpenCombineDispatch
import Scenarios

extension Time {
    static func delayOpenCombine(elements: Int) -> Int {
        let total = Accumulator()
        let queue = DispatchQueue(label: "delay_dispatch.opencombine")
        for _ in 0..<elements / delayElementsPerRun {
            let done = DispatchSemaphore(value: 0)
            let subject = PassthroughSubject<Int, Never>()
            let subscription = subject.delay(for: .microseconds(50), scheduler: queue.ocombine)
                .sink(receiveCompletion: { _ in done.signal() }, receiveValue: { total.sum &+= $0 })
            for element in 0..<delayElementsPerRun {
                subject.send(element)
            }
            subject.send(completion: .finished)
            done.wait()
            subscription.cancel()
        }
        return total.sum
    }
}
