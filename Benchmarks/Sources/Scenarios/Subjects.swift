import OpenCombine
import RxCore
import RxDisposables
import RxOperators

/// The subject scenarios. A unit of `publish_subject_fanout` and `share_per_delivery` is one
/// element delivered to one of ten observers; a unit of `behavior_subject_subscribe` is one
/// subscription to a `BehaviorSubject` (which receives the current value) and its disposal.
enum Subjects {
    static let observers = 10

    static func publishFanoutRx(deliveries: Int) -> Int {
        let total = Accumulator()
        let subject = PublishSubject<Int>()
        let bag = DisposeBag()
        for _ in 0..<observers {
            subject.subscribe(onNext: { total.sum &+= $0 }).disposed(by: bag)
        }
        for element in 0..<deliveries / observers {
            subject.onNext(element)
        }
        return total.sum
    }

    static func publishFanoutOpenCombine(deliveries: Int) -> Int {
        let total = Accumulator()
        let subject = PassthroughSubject<Int, Never>()
        var cancellables: [AnyCancellable] = []
        for _ in 0..<observers {
            cancellables.append(subject.sink { total.sum &+= $0 })
        }
        for element in 0..<deliveries / observers {
            subject.send(element)
        }
        cancellables.removeAll()
        return total.sum
    }

    static func publishFanoutFloor(deliveries: Int) -> Int {
        let total = Accumulator()
        var handlers: [(Int) -> Void] = []
        for _ in 0..<observers {
            handlers.append(opaque { total.sum &+= $0 })
        }
        for element in 0..<deliveries / observers {
            for handler in handlers {
                handler(element)
            }
        }
        return total.sum
    }

    static func fanoutExpected(deliveries: Int) -> Int {
        shiftedSum(count: deliveries / observers, offset: 0) * observers
    }

    static func behaviorSubscribeRx(subscriptions: Int) -> Int {
        let total = Accumulator()
        let subject = BehaviorSubject(value: 1)
        for _ in 0..<subscriptions {
            subject.subscribe(onNext: { total.sum &+= $0 }).dispose()
        }
        return total.sum
    }

    static func behaviorSubscribeOpenCombine(subscriptions: Int) -> Int {
        let total = Accumulator()
        let subject = CurrentValueSubject<Int, Never>(1)
        for _ in 0..<subscriptions {
            subject.sink { total.sum &+= $0 }.cancel()
        }
        return total.sum
    }

    static func behaviorExpected(subscriptions: Int) -> Int {
        subscriptions
    }

    static func shareRx(deliveries: Int) -> Int {
        let total = Accumulator()
        let subject = PublishSubject<Int>()
        let shared = subject.map { $0 &+ 1 }.share()
        let bag = DisposeBag()
        for _ in 0..<observers {
            shared.subscribe(onNext: { total.sum &+= $0 }).disposed(by: bag)
        }
        for element in 0..<deliveries / observers {
            subject.onNext(element)
        }
        return total.sum
    }

    static func shareOpenCombine(deliveries: Int) -> Int {
        let total = Accumulator()
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.map { $0 &+ 1 }.share()
        var cancellables: [AnyCancellable] = []
        for _ in 0..<observers {
            cancellables.append(shared.sink { total.sum &+= $0 })
        }
        for element in 0..<deliveries / observers {
            subject.send(element)
        }
        cancellables.removeAll()
        return total.sum
    }

    static func shareExpected(deliveries: Int) -> Int {
        shiftedSum(count: deliveries / observers, offset: 1) * observers
    }
}
