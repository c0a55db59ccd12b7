import RxCore
import RxDisposables

/// `trampoline`: actions that each schedule the next on the current-thread trampoline, per item.
enum Trampoline {
    static func rx(items: Int) -> Int {
        let chain = RxTrampolineChain(items: items)
        _ = CurrentThreadScheduler.instance.schedule(0, action: chain.action)
        return chain.total
    }

    /// A plain queue of (state, action) pairs drained in order: the least a trampoline must do.
    static func floor(items: Int) -> Int {
        let queue = FloorQueue()
        let total = Accumulator()
        let action: (Int) -> Void = opaque { [unowned queue] item in
            total.sum &+= item
            if item + 1 < items {
                queue.enqueue(item + 1)
            }
        }
        queue.action = action
        queue.enqueue(0)
        queue.drain()
        return total.sum
    }

    static func expected(items: Int) -> Int {
        shiftedSum(count: items, offset: 0)
    }
}

/// Holds the one action closure, built once, so that scheduling allocates nothing of the benchmark's own.
private final class RxTrampolineChain {
    let items: Int
    var total = 0
    private(set) var action: (Int) -> any Disposable = { _ in Disposables.create() }

    init(items: Int) {
        self.items = items
        action = { [unowned self] item in
            total &+= item
            if item + 1 < self.items {
                // The item's own disposable is dropped: keeping it would chain every item to the next.
                _ = CurrentThreadScheduler.instance.schedule(item + 1, action: action)
            }
            return Disposables.create()
        }
    }
}

private final class FloorQueue {
    var action: (Int) -> Void = { _ in }
    private var states: [Int] = []
    private var head = 0

    func enqueue(_ state: Int) {
        states.append(state)
    }

    func drain() {
        while head < states.count {
            let state = states[head]
            head += 1
            action(state)
            if head >= 1024, head * 2 >= states.count {
                states.removeFirst(head)
                head = 0
            }
        }
        states.removeAll(keepingCapacity: true)
        head = 0
    }
}
