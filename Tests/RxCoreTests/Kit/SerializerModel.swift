@testable import RxCore

/// ``Serializer`` as a model over ``SerializerState``: the same steps, taken in the same order
/// as the serializer takes them, each indivisible, with the serializer's queues as plain arrays
/// and threads as stacks of the steps they have left. ``ScheduleExplorer`` runs it in every
/// order; ``violation`` and ``finalViolation`` say what must hold whatever the order.
///
/// The steps mirror `Serializer.swift` line for line: a lock-free step is one
/// compare-and-exchange (or a read) there, a locked step one `update` under the parking lock.
struct SerializerModel: InterleavedModel {
    /// What a thread does, in order.
    enum Op: Hashable {
        /// `send(_:_:)`: waits while another thread holds the serializer. `inside` runs from
        /// inside the item's delivery, on the delivering thread.
        case send(Int, inside: [Op] = [])
        /// `sendWithoutWaiting(_:_:)`: hands the item off when another thread holds it.
        case handOff(Int, inside: [Op] = [])
        /// `close(releasing:)`; the release runs `inside` (a `deinit` sending into the chain).
        case close(inside: [Op] = [])
        /// `close()`.
        case closeWithoutRelease
    }

    /// An item sent, with what its delivery does.
    struct Item: Hashable {
        let id: Int
        let inside: [Op]
        let waits: Bool
    }

    /// One indivisible step.
    enum Step: Hashable {
        case begin(Op)
        // `enter()`
        case enterFast(Item)
        case enterContention(Item)
        case arrive(Item)
        case parked(Item, ticket: UInt)
        // `send`'s and `sendWithoutWaiting`'s own item, once held: `if !isClosed { handle(item) }`
        case deliverIfOpen(Item)
        case endDelivery
        // `enqueue(_:)`
        case enqueue(Item)
        // `enterOrHandOff(_:)`
        case handOffFast(Item)
        case handOffContention(Item)
        case handOff(Item)
        // `leave(_:_:release:)`
        case leaveFast
        case leaveLoop
        case leaving
        case release(inside: [Op])
        case endRelease
        // `close(releasing:)`, `close()`
        case closeFast(inside: [Op])
        case close(inside: [Op])
        case closeWithoutRelease
    }

    struct ModelThread: Hashable {
        let identity: UInt
        /// What is left to do; the last step is the next.
        var steps: [Step]
    }

    enum Record: Hashable {
        case delivered(item: Int, by: Int)
        case dropped(item: Int)
        case released(by: Int)
    }

    var state = SerializerState()
    var queue: [Item] = []
    var handOffs: [Item] = []
    var threads: [ModelThread]
    var records: [Record] = []
    /// Who sent each item, and its place among that thread's sends.
    var senders: [Int: [Int]] = [:]
    var sendsSoFar: [Int] = []
    /// The thread inside a delivery or a release, if any.
    var busy: Int?
    var problem: String?

    /// Threads running `programs`, one each.
    init(_ programs: [[Op]]) {
        threads = programs.enumerated().map { index, program in
            // A thread's identity as the serializer sees it: low bits clear, never `handedOver`.
            ModelThread(identity: UInt(index + 2) << 5, steps: program.reversed().map { .begin($0) })
        }
        sendsSoFar = Array(repeating: 0, count: programs.count)
    }

    var runnableThreads: [Int] {
        threads.indices.filter { index in
            guard let next = threads[index].steps.last else { return false }
            if case .parked(_, let ticket) = next { return state.isGranted(ticket) }
            return true
        }
    }

    var isFinished: Bool { threads.allSatisfy(\.steps.isEmpty) }

    var violation: String? {
        if let problem { return problem }
        if state.handedOff != handOffs.count {
            return "ledger counts \(state.handedOff) handed off, \(handOffs.count) wait"
        }
        return state.isConsistent ? nil : "inconsistent state \(state)"
    }

    var finalViolation: String? {
        if SerializerState.holder(state.word) != 0 || state.word & ~SerializerState.closedBit != 0 {
            return "not free at the end: \(state)"
        }
        if !queue.isEmpty || !handOffs.isEmpty { return "items left behind: \(queue) \(handOffs)" }
        var seen: [Int: Int] = [:]
        for record in records {
            switch record {
            case .delivered(let item, _), .dropped(let item): seen[item, default: 0] += 1
            case .released: break
            }
        }
        for item in senders.keys where seen[item] != 1 {
            return "item \(item) delivered or dropped \(seen[item] ?? 0) times"
        }
        // Each thread's items arrive in the order it sent them.
        var lastDelivered: [Int: Int] = [:]
        for case .delivered(let item, _) in records {
            let sender = senders[item]!
            if let previous = lastDelivered[sender[0]], previous > sender[1] {
                return "thread \(sender[0])'s items out of order"
            }
            lastDelivered[sender[0]] = sender[1]
        }
        let releases = records.filter { if case .released = $0 { true } else { false } }.count
        if !expectedReleases.contains(releases) { return "\(releases) releases, expected \(expectedReleases)" }
        return nil
    }

    /// How many releases the program may see: one when it closes with a release and never
    /// without; none when it never closes with one; either when it does both (a `close()` first
    /// leaves nothing to release).
    var expectedReleases: ClosedRange<Int> = 0...0

    func stepping(_ index: Int) -> SerializerModel {
        var next = self
        next.step(index)
        return next
    }

    private mutating func step(_ index: Int) {
        let me = threads[index].identity
        let step = threads[index].steps.removeLast()
        func push(_ steps: Step...) {
            // Given in the order they run.
            threads[index].steps.append(contentsOf: steps.reversed())
        }
        func beginDelivery(_ item: Item) {
            if busy != nil || state.holder != me { problem = "delivery of \(item.id) beside another, or not holding" }
            if records.contains(where: { if case .released = $0 { true } else { false } }) {
                problem = "delivery of \(item.id) after the release"
            }
            if item.waits, let sender = senders[item.id], sender[0] != index {
                problem = "thread \(index) delivered item \(item.id) of thread \(sender[0])"
            }
            busy = index
            records.append(.delivered(item: item.id, by: index))
            push(contentsOf: item.inside.map { .begin($0) } + [.endDelivery])
        }
        func push(contentsOf steps: [Step]) {
            threads[index].steps.append(contentsOf: steps.reversed())
        }
        func drop(_ item: Item) {
            if !state.isClosed { problem = "item \(item.id) dropped while open" }
            records.append(.dropped(item: item.id))
        }

        switch step {
        case .begin(let op):
            switch op {
            case .send(let id, let inside), .handOff(let id, let inside):
                let waits: Bool
                if case .send = op { waits = true } else { waits = false }
                senders[id] = [index, sendsSoFar[index]]
                sendsSoFar[index] += 1
                let item = Item(id: id, inside: inside, waits: waits)
                push(waits ? .enterFast(item) : .handOffFast(item))
            case .close(let inside):
                push(.closeFast(inside: inside))
            case .closeWithoutRelease:
                push(.closeWithoutRelease)
            }

        case .enterFast(let item):
            if let taken = SerializerState.taking(state.word, by: me) {
                state.word = taken
                push(.deliverIfOpen(item), .leaveFast)
            } else {
                push(.enterContention(item))
            }
        case .enterContention(let item):
            switch SerializerState.contention(state.word, for: me) {
            case .reentrant: push(.enqueue(item))
            case .closed: drop(item)
            case .contended: push(.arrive(item))
            }
        case .arrive(let item):
            switch state.arrive(me) {
            case .acquired: push(.deliverIfOpen(item), .leaveFast)
            case .reentrant: push(.enqueue(item))
            case .closed: drop(item)
            case .wait(let ticket): push(.parked(item, ticket: ticket))
            }
        case .parked(let item, _):
            state.install(me)
            push(.deliverIfOpen(item), .leaveFast)
        case .deliverIfOpen(let item):
            if state.isClosed {
                drop(item)
            } else {
                beginDelivery(item)
            }
        case .endDelivery:
            busy = nil

        case .enqueue(let item):
            if state.holder != me { problem = "thread \(index) queued without holding" }
            if let queued = SerializerState.queuing(state.word) {
                state.word = queued
                if state.isClosed { problem = "item \(item.id) queued after closing" }
                queue.append(item)
            } else {
                drop(item)
            }

        case .handOffFast(let item):
            if let taken = SerializerState.taking(state.word, by: me) {
                state.word = taken
                push(.deliverIfOpen(item), .leaveFast)
            } else {
                push(.handOffContention(item))
            }
        case .handOffContention(let item):
            switch SerializerState.contention(state.word, for: me) {
            case .reentrant: push(.enqueue(item))
            case .closed: drop(item)
            case .contended: push(.handOff(item))
            }
        case .handOff(let item):
            switch state.handOff(me) {
            case .acquired: push(.deliverIfOpen(item), .leaveFast)
            case .reentrant: push(.enqueue(item))
            case .closed: drop(item)
            case .handedOff:
                if state.isClosed { problem = "item \(item.id) handed off after closing" }
                handOffs.append(item)
            }

        case .leaveFast:
            if let given = SerializerState.giving(state.word, backBy: me) {
                state.word = given
            } else {
                push(.leaveLoop)
            }
        case .leaveLoop:
            // `leaveContended`: the holder's own queue first (its flag changes only on this
            // thread), then one locked step.
            if state.word & SerializerState.queuedBit != 0 {
                let item = queue.removeFirst()
                if queue.isEmpty { state.word = SerializerState.queueEmptied(state.word) }
                push(.deliverIfOpen(item), .leaveLoop)
            } else {
                push(.leaving)
            }
        case .leaving:
            switch state.leaving(me) {
            case .takeHandedOff:
                let item = handOffs.removeFirst()
                push(.deliverIfOpen(item), .leaveLoop)
            case .release:
                push(.release(inside: pendingRelease), .leaveLoop)
            case .handedOver, .freed:
                break
            }
        case .release(let inside):
            if busy != nil || state.holder != me { problem = "release beside a delivery, or not holding" }
            busy = index
            records.append(.released(by: index))
            push(contentsOf: inside.map { .begin($0) } + [.endRelease])
        case .endRelease:
            busy = nil

        case .closeFast(let inside):
            if let taken = SerializerState.takingToClose(state.word, by: me) {
                state.word = taken
                pendingRelease = inside
                push(.release(inside: inside), .leaveLoop)
            } else {
                push(.close(inside: inside))
            }
        case .close(let inside):
            switch state.close(me) {
            case .acquired:
                pendingRelease = inside
                push(.release(inside: inside), .leaveLoop)
            case .deferred:
                pendingRelease = inside
            case .alreadyClosed:
                break
            }
        case .closeWithoutRelease:
            if let closed = SerializerState.closing(state.word) {
                state.word = closed
            }
        }
    }

    /// What the release asked for by a deferred close does, once the holder runs it.
    var pendingRelease: [Op] = []
}
