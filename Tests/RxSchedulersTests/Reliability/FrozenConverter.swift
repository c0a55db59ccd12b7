import Foundation
import RxCore
import RxSchedulers

/// A broken virtual clock: every date maps to tick zero, so no interval ever moves it.
struct FrozenConverter: VirtualTimeConverterType {
    func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
        Date(timeIntervalSince1970: 0)
    }

    func convertToVirtualTime(_ time: RxTime) -> Int {
        0
    }

    func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
        0
    }

    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int {
        0
    }

    func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
        time + offset
    }

    func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs == rhs ? .equal : .greaterThan
    }
}
