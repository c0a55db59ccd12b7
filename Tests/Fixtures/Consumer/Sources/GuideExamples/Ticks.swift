import Dispatch
import RxCore
import RxOperators

/// Three labelled ticks, 100 ms apart, on `scheduler`.
public func ticks(on scheduler: any SchedulerType) -> Observable<String> {
    Observable<Int>.interval(.milliseconds(100), scheduler: scheduler)
        .take(3)
        .map { "tick \($0)" }
}
