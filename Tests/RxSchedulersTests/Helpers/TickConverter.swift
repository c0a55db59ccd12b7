import Foundation
import RxCore
import RxSchedulers

/// Virtual time in whole ticks of one second, rounded to the nearest tick like RxTest's
/// converter; lets the tests drive `VirtualTimeScheduler` without RxTestSupport's scheduler.
struct TickConverter: VirtualTimeConverterType {
    func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
        Date(timeIntervalSince1970: TimeInterval(virtualTime))
    }

    func convertToVirtualTime(_ time: RxTime) -> Int {
        Int((time.timeIntervalSince1970 + 0.5).rounded(.down))
    }

    func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
        TimeInterval(virtualTimeInterval)
    }

    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int {
        Int((timeInterval + 0.5).rounded(.down))
    }

    func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
        time + offset
    }

    func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs == rhs ? .equal : .greaterThan
    }
}

typealias TickScheduler = VirtualTimeScheduler<TickConverter>

extension TickScheduler {
    convenience init(clock: Int = 0) {
        self.init(initialClock: clock, converter: TickConverter())
    }
}
