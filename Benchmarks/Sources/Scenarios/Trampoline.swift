import RxCore
import RxDisposables

/// `trampoline`: actions that each schedule the next on the current-thread trampoline, per item.
enum Trampoline {
    static func rx(items: Int) -> Int {
        let chain = RxTrampolineChain(items: items)
        chain.start()
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

/// The chain's state travels in the scheduled state and the action captures nothing, so the
/// benchmark itself allocates nothing per item: what is measured is the scheduler.
private final class RxTrampolineChain {
    let items: Int
    var total = 0

    init(items: Int) {
        self.items = items
    }

    func start() {
        _ = CurrentThreadScheduler.instance.schedule((self, 0)) { RxTrampolineChain.step($0) }
    }

    private static func step(_ state: (chain: RxTrampolineChain, item: Int)) -> any Disposable {
        let (chain, item) = state
        chain.total &+= item
        if item + 1 < chain.items {
            // The item's own disposable is dropped: keeping it would chain every item to the next.
            // The type is named, not `Self`: a closure that uses `Self` captures the dynamic type
            // and so allocates a context on every item, which is the benchmark's cost, not the
            // scheduler's.
            _ = CurrentThreadScheduler.instance.schedule((chain, item + 1)) { RxTrampolineChain.step($0) }
        }
        return Disposables.create()
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

/// `trampoline_fanout`: one action schedules every item on the current-thread trampoline, each
/// with a closure that counts, and drops the disposable it gets back; per item. All the items
/// wait at once, so none can reuse the entry of one that already ran.
enum TrampolineFanOut {
    static func rx(items: Int) -> Int {
        let total = Accumulator()
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            for item in 0..<items {
                _ = CurrentThreadScheduler.instance.schedule(item) { item in
                    total.sum &+= item
                    return Disposables.create()
                }
            }
            return Disposables.create()
        }
        return total.sum
    }

    /// Every item's closure, which captures the item as the scheduled one does, appended to an
    /// array and run in order: the least a queue of scheduled closures must do.
    static func floor(items: Int) -> Int {
        let total = Accumulator()
        var queue: [() -> Void] = []
        for item in 0..<items {
            queue.append(opaqueAction { total.sum &+= item })
        }
        for action in queue {
            action()
        }
        return total.sum
    }

    static func expected(items: Int) -> Int {
        shiftedSum(count: items, offset: 0)
    }
}

/// `action`, hidden from the optimiser so that it cannot fuse the queued closures away.
@inline(never)
private func opaqueAction(_ action: @escaping () -> Void) -> () -> Void {
    action
}
