import RxTestSupport
import XCTest

@testable import RxCore

/// ``SerializerState``'s steps one by one, then every interleaving of two and three threads
/// running ``Serializer``'s operations over them (``SerializerModel``), without threads.
final class SerializerStateTests: RxTestCase {
    private let first: UInt = 2 << 5
    private let second: UInt = 3 << 5
    private let third: UInt = 4 << 5

    // MARK: The steps

    func testAFreeSerializerIsTakenAndGivenBackWithOneWordEach() {
        XCTAssertEqual(SerializerState.taking(0, by: first), first)
        XCTAssertEqual(SerializerState.giving(first, backBy: first), 0)
        XCTAssertNil(SerializerState.taking(second, by: first), "held by another")
        XCTAssertNil(SerializerState.taking(SerializerState.closedBit, by: first), "closed")
        for flag in [SerializerState.waitingBit, SerializerState.requestBit, SerializerState.queuedBit] {
            XCTAssertNil(SerializerState.giving(first | flag, backBy: first), "flag \(flag) leaves work to do")
        }
    }

    func testASenderThatFailedToTakeItKnowsWhetherItHoldsItOrItIsClosed() {
        XCTAssertEqual(SerializerState.contention(first | SerializerState.waitingBit, for: first), .reentrant)
        XCTAssertEqual(
            SerializerState.contention(first | SerializerState.closedBit, for: first), .reentrant,
            "the holder is told it holds it even once closed: it is the one to drop what it sends")
        XCTAssertEqual(SerializerState.contention(second | SerializerState.closedBit, for: first), .closed)
        XCTAssertEqual(SerializerState.contention(second, for: first), .contended)
        XCTAssertEqual(SerializerState.contention(SerializerState.handedOver, for: first), .contended)
    }

    func testSendersThatFindItHeldAreServedInArrivalOrder() {
        var state = SerializerState(word: first)
        XCTAssertEqual(state.arrive(second), .wait(ticket: 0))
        XCTAssertEqual(state.arrive(third), .wait(ticket: 1))
        XCTAssertFalse(state.isGranted(0))
        XCTAssertEqual(state.leaving(first), .handedOver)
        XCTAssertTrue(state.isGranted(0))
        XCTAssertFalse(state.isGranted(1))
        state.install(second)
        XCTAssertEqual(state.word, second | SerializerState.waitingBit, "the third still waits")
        XCTAssertEqual(state.leaving(second), .handedOver)
        state.install(third)
        XCTAssertEqual(state.word, third)
        XCTAssertEqual(state.leaving(third), .freed)
        XCTAssertEqual(state.word, 0)
        XCTAssertTrue(state.isConsistent)
    }

    func testTicketsKeepTheirOrderWhenTheCountersWrapAround() {
        var state = SerializerState(word: first, ticketsIssued: .max, ticketsGranted: .max)
        XCTAssertEqual(state.arrive(second), .wait(ticket: .max))
        XCTAssertEqual(state.arrive(third), .wait(ticket: 0))
        XCTAssertEqual(state.leaving(first), .handedOver)
        XCTAssertTrue(state.isGranted(.max))
        XCTAssertFalse(state.isGranted(0))
    }

    func testAnItemHandedOffIsTheHoldersToDeliverBeforeItGivesTheSerializerBack() {
        var state = SerializerState(word: first)
        XCTAssertEqual(state.handOff(second), .handedOff)
        XCTAssertEqual(state.handOff(third), .handedOff)
        XCTAssertNil(SerializerState.giving(state.word, backBy: first))
        XCTAssertEqual(state.leaving(first), .takeHandedOff)
        XCTAssertEqual(state.leaving(first), .takeHandedOff)
        XCTAssertEqual(state.leaving(first), .freed)
        XCTAssertEqual(state.word, 0)
    }

    func testAHandOffToAFreeSerializerTakesItAndOneToAClosedOneIsDropped() {
        var free = SerializerState()
        XCTAssertEqual(free.handOff(first), .acquired)
        XCTAssertEqual(free.word, first)
        var closed = SerializerState(word: SerializerState.closedBit)
        XCTAssertEqual(closed.handOff(first), .closed)
        XCTAssertEqual(closed.arrive(first), .closed)
        XCTAssertNil(SerializerState.queuing(first | SerializerState.closedBit), "nothing is queued once closed")
    }

    func testClosingAFreeSerializerTakesItToReleaseAndClosingAHeldOneLeavesTheReleaseToItsHolder() {
        XCTAssertEqual(SerializerState.takingToClose(0, by: first), first | SerializerState.closedBit)
        var held = SerializerState(word: second)
        XCTAssertEqual(held.close(first), .deferred)
        XCTAssertEqual(held.close(third), .alreadyClosed)
        XCTAssertEqual(held.leaving(second), .release)
        XCTAssertEqual(held.leaving(second), .freed)
        XCTAssertEqual(held.word, SerializerState.closedBit, "closed for good")
    }

    func testAThreadHandedTheSerializerTakesOverWhatWasAskedOfItMeanwhile() {
        var state = SerializerState(word: first)
        XCTAssertEqual(state.arrive(second), .wait(ticket: 0))
        XCTAssertEqual(state.leaving(first), .handedOver)
        XCTAssertEqual(state.handOff(third), .handedOff)
        XCTAssertEqual(state.close(third), .deferred)
        state.install(second)
        XCTAssertTrue(state.isClosed)
        XCTAssertEqual(state.leaving(second), .takeHandedOff)
        XCTAssertEqual(state.leaving(second), .release)
        XCTAssertEqual(state.leaving(second), .freed)
    }

    // MARK: Every interleaving

    /// What one operation of a thread's program is, before numbering its items.
    private enum Kind: CaseIterable {
        case send, sendSendingInside, sendClosingInside, handOff, handOffSendingInside, close, closeSendingInRelease
    }

    private func ops(_ kinds: [Kind], ids: inout Int) -> [SerializerModel.Op] {
        func next() -> Int {
            ids += 1
            return ids
        }
        return kinds.map { kind in
            switch kind {
            case .send: .send(next())
            case .sendSendingInside: .send(next(), inside: [.send(next())])
            case .sendClosingInside: .send(next(), inside: [.close()])
            case .handOff: .handOff(next())
            case .handOffSendingInside: .handOff(next(), inside: [.handOff(next())])
            case .close: .close()
            case .closeSendingInRelease: .close(inside: [.send(next())])
            }
        }
    }

    private func closes(_ ops: [SerializerModel.Op]) -> Bool {
        ops.contains { op in
            switch op {
            case .close: true
            case .send(_, let inside), .handOff(_, let inside): closes(inside)
            case .closeWithoutRelease: false
            }
        }
    }

    /// Explores every schedule of every program in `programs`, failing on the first problem.
    private func exploreAll(_ programs: [[[Kind]]], file: StaticString = #filePath, line: UInt = #line) -> (
        programs: Int, states: Int, schedules: Double
    ) {
        var states = 0
        var schedules: Double = 0
        for kinds in programs {
            var ids = 0
            let threadOps = kinds.map { ops($0, ids: &ids) }
            var model = SerializerModel(threadOps)
            model.expectedReleases = closes(threadOps.flatMap { $0 }) ? 1...1 : 0...0
            var explorer = ScheduleExplorer<SerializerModel>()
            explorer.explore(model)
            if let failure = explorer.failures.first {
                XCTFail("\(threadOps): \(failure)", file: file, line: line)
                break
            }
            states += explorer.states
            schedules += explorer.schedules
        }
        return (programs.count, states, schedules)
    }

    func testEveryInterleavingOfTwoThreadsDeliversEachItemOnceInOrderAndNothingAfterClosing() {
        // Each thread runs one or two operations of every kind; every pair of such programs.
        let single = Kind.allCases.map { [$0] }
        let double = Kind.allCases.flatMap { a in [Kind.send, .handOff].map { [a, $0] } }
        let programs = single + double
        let pairs = programs.flatMap { a in programs.map { [a, $0] } }
        let (count, states, schedules) = exploreAll(pairs)
        print("SerializerStateTests: two threads, \(count) programs, \(states) states, \(Int(schedules)) schedules")
        XCTAssertGreaterThan(schedules, 10_000)
    }

    func testEveryInterleavingOfThreeThreadsDeliversEachItemOnceInOrderAndNothingAfterClosing() {
        let kinds: [Kind] = [.send, .sendSendingInside, .handOff, .close]
        let triples = kinds.flatMap { a in kinds.flatMap { b in kinds.map { [[a], [b], [$0]] } } }
        let (count, states, schedules) = exploreAll(
            triples + [[[.send, .send], [.handOff, .send], [.sendClosingInside]]])
        print("SerializerStateTests: three threads, \(count) programs, \(states) states, \(Int(schedules)) schedules")
        XCTAssertGreaterThan(schedules, 10_000)
    }

    func testAThreadThatClosesWithoutAReleaseLeavesNothingQueuedOrWaiting() {
        var ids = 0
        let programs: [[SerializerModel.Op]] = [
            ops([.sendSendingInside, .send], ids: &ids), ops([.handOff], ids: &ids) + [.closeWithoutRelease],
            ops([.send], ids: &ids),
        ]
        var explorer = ScheduleExplorer<SerializerModel>()
        explorer.explore(SerializerModel(programs))
        XCTAssertEqual(explorer.failures.map(\.description), [])
        XCTAssertGreaterThan(explorer.schedules, 1_000)
    }

    func testTheExplorerCatchesADeliveryAfterTheRelease() {
        // The explorer's own check: a model that lets a thread deliver after a release must fail.
        var model = SerializerModel([[.close()], [.send(1)]])
        model.expectedReleases = 1...1
        model.records = [.released(by: 0)]
        var explorer = ScheduleExplorer<SerializerModel>()
        explorer.explore(model)
        XCTAssertFalse(explorer.failures.isEmpty)
    }
}
