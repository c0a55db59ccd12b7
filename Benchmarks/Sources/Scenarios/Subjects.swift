import RxCore
import RxDisposables
import RxOperators
import Synchronization

/// The subject scenarios. A unit of `publish_subject_fanout` and `share_per_delivery` is one
/// element delivered to one of ten observers; a unit of `behavior_subject_subscribe` is one
/// subscription to a `BehaviorSubject` (which receives the current value) and its disposal.
package enum Subjects {
    package static let observers = 10

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

    /// The floor: what any subscription to a value-holding subject must do, by hand. One lock
    /// guards the current value and a dictionary of closures keyed by a counter (a subject is
    /// used from any thread, so the registry must be locked); subscribing adds the closure under
    /// the lock and reads the value, then calls the closure with it outside the lock, and
    /// disposing removes it by its key under the lock again. The closure is the one allocation
    /// per subscription, as the sink's closure is for the `rx` side; no disposable object, no
    /// end state.
    static func behaviorSubscribeFloor(subscriptions: Int) -> Int {
        let total = Accumulator()
        let subject = ValueRegistry(value: 1)
        for _ in 0..<subscriptions {
            let key = subject.subscribe(opaque { total.sum &+= $0 })
            subject.unsubscribe(key)
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

    /// The floor: one `map` closure, then the fan-out to the ten registered closures that a
    /// shared sequence must make. The registry is locked, since observers may come and go on
    /// other threads while it delivers: each element reads the closures under the lock (an array
    /// copy, one retain) and calls them outside it, so an observer may subscribe from inside a
    /// delivery. No source subject's lock, no subscription objects.
    static func shareFloor(deliveries: Int) -> Int {
        let total = Accumulator()
        let registry = FanOutRegistry()
        for _ in 0..<observers {
            registry.add(opaque { total.sum &+= $0 })
        }
        let transform: (Int) -> Int = opaque { $0 &+ 1 }
        let stage: (Int) -> Void = opaque { registry.send(transform($0)) }
        for element in 0..<deliveries / observers {
            stage(element)
        }
        return total.sum
    }

    static func shareExpected(deliveries: Int) -> Int {
        shiftedSum(count: deliveries / observers, offset: 1) * observers
    }
}

/// An observer closure stored under a lock. The lock's value must be `Sendable`; the registries
/// below only call their closures on the thread that sends, as a subject does, so they are
/// marked so by hand.
private struct Handler: @unchecked Sendable {
    let call: (Int) -> Void
}

/// The hand-written value-holding subject of `behavior_subject_subscribe`'s floor: the current
/// value and the observers, keyed by a counter, under one `Mutex`.
private final class ValueRegistry: Sendable {
    private struct State {
        var value: Int
        var nextKey = 0
        var observers: [Int: Handler] = [:]
    }

    private let state: Mutex<State>

    init(value: Int) {
        state = Mutex(State(value: value))
    }

    /// Adds `observer` and calls it with the current value (outside the lock); returns the key
    /// that removes it.
    @inline(never)
    func subscribe(_ observer: @escaping (Int) -> Void) -> Int {
        let handler = Handler(call: observer)
        let (key, value) = state.withLock { state in
            let key = state.nextKey
            state.nextKey &+= 1
            state.observers[key] = handler
            return (key, state.value)
        }
        handler.call(value)
        return key
    }

    /// Removes the observer added under `key`; it is released after the lock.
    @inline(never)
    func unsubscribe(_ key: Int) {
        let removed = state.withLock { $0.observers.removeValue(forKey: key) }
        _ = removed
    }
}

/// The hand-written fan-out of `share_per_delivery`'s floor: the observers in an array under a
/// `Mutex`, read out per element and called outside the lock.
private final class FanOutRegistry: Sendable {
    private let observers = Mutex<[Handler]>([])

    func add(_ observer: @escaping (Int) -> Void) {
        let handler = Handler(call: observer)
        observers.withLock { $0.append(handler) }
    }

    @inline(never)
    func send(_ element: Int) {
        let recipients = observers.withLock { $0 }
        for recipient in recipients {
            recipient.call(element)
        }
    }
}
