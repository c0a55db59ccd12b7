import Dispatch
import OpenCombine
import Scenarios

extension AsyncValues {
    static func openCombine(elements: Int) -> Int {
        waitForTask {
            var sum = 0
            for await element in Array(0..<elements).publisher.values {
                sum &+= element
            }
            return sum
        }
    }
}
