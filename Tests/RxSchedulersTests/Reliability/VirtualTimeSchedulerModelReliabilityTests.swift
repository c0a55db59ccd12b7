import RxCore
import RxDisposables
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import XCTest

/// Proves that `VirtualTimeScheduler`, as a `TickScheduler` (no due-time adjustment) and as a
/// `TestScheduler` with and without simulated processing delay, runs work exactly when and in
/// the order a plain reference model says: by due time, then by the order it was queued; the
/// clock moving only forward; disposed work never running; a periodic tick queuing its next
/// tick just before its action runs; and `start()`, `advanceTo(_:)`, `sleep(_:)` and `stop()` as
/// documented. Each seed builds a random program of driver steps and of actions that schedule,
/// dispose and stop; it runs once on the scheduler and once on the model, and the two logs of
/// who ran at which clock must be identical. A failure names the seed and the scheduler: set
/// `seeds` to that one seed to reproduce it.
final class VirtualTimeSchedulerModelReliabilityTests: RxTestCase {
    private static let seeds: Range<UInt64> = 0..<300

    func testTickSchedulerMatchesTheModel() {
        checkAllSeeds(.tick)
    }

    func testTestSchedulerWithProcessingDelayMatchesTheModel() {
        checkAllSeeds(.testWithDelay)
    }

    func testTestSchedulerWithoutProcessingDelayMatchesTheModel() {
        checkAllSeeds(.testWithoutDelay)
    }

    private func checkAllSeeds(_ kind: SchedulerKind) {
        var total = Coverage()
        for seed in Self.seeds {
            guard let coverage = check(seed: seed, kind: kind) else { return }
            total.add(coverage)
        }
        // The programs must exercise what they claim to, or the comparison proves little.
        XCTAssertGreaterThan(total.runs, 30 * Self.seeds.count, "too few runs: \(total)")
        XCTAssertGreaterThan(total.periodicTicks, 5 * Self.seeds.count, "too few periodic ticks: \(total)")
        XCTAssertGreaterThan(total.stops, Self.seeds.count / 4, "too few stops from actions: \(total)")
        XCTAssertGreaterThanOrEqual(total.longestQueue, 64, "the queue never reached compaction size: \(total)")
    }

    /// Runs the program of `seed` on a scheduler of `kind` and on the model; fails and returns
    /// `nil` when they disagree or run away.
    private func check(seed: UInt64, kind: SchedulerKind) -> Coverage? {
        let actual = Program(seed: seed, target: kind.makeScheduler()).run()
        let model = ReferenceModel(adjust: kind.adjust)
        let expected = Program(seed: seed, target: model).run()
        var context = "seed \(seed) on \(kind.rawValue)"
        if actual.ranAway || expected.ranAway {
            context += " (ran away past \(Program.runLimit) records: \(actual.ranAway ? "scheduler" : "model"))"
        }
        let shared = min(actual.records.count, expected.records.count)
        let firstDifference =
            (0..<shared).first { actual.records[$0] != expected.records[$0] }
            ?? (actual.records.count == expected.records.count ? nil : shared)
        if let index = firstDifference {
            let agreed = expected.records[max(0, index - 3)..<index].map(\.description).joined(separator: "; ")
            XCTFail(
                """
                \(context): record \(index) differs (\(actual.records.count) records, model \(expected.records.count))
                  scheduler: \(actual.records.indices.contains(index) ? "\(actual.records[index])" : "nothing")
                  model:     \(expected.records.indices.contains(index) ? "\(expected.records[index])" : "nothing")
                  after:     \(agreed.isEmpty ? "the start" : agreed)
                """)
            return nil
        }
        if actual.clock != expected.clock || actual.ranAway || expected.ranAway {
            XCTFail("\(context): final clock \(actual.clock), model \(expected.clock)")
            return nil
        }
        var coverage = actual.coverage
        coverage.longestQueue = model.longestQueue
        return coverage
    }
}

/// What a program did, summed over seeds to check the generator reaches every feature.
private struct Coverage {
    var runs = 0
    var periodicTicks = 0
    var stops = 0
    var longestQueue = 0

    mutating func add(_ other: Coverage) {
        runs += other.runs
        periodicTicks += other.periodicTicks
        stops += other.stops
        longestQueue = max(longestQueue, other.longestQueue)
    }
}

/// One way to queue an item, with its offsets in seconds (one tick each).
private enum Request {
    case now
    case absolute(time: Int)
    case relative(Int)
    case relativeVirtual(Int)
    case periodic(startAfter: Int, period: Int)
}

/// What the program drives: the real scheduler or the model. Items are disposed by id, the
/// order in which they were scheduled.
private protocol Target: AnyObject {
    var clock: Int { get }
    func schedule(_ request: Request, id: Int, run: @escaping () -> Void)
    func dispose(_ id: Int)
    func start()
    func advance(to time: Int)
    func sleep(_ ticks: Int)
    func stop()
    /// Drops every queued action, which holds the program.
    func release()
}

private enum SchedulerKind: String {
    case tick = "TickScheduler"
    case testWithDelay = "TestScheduler(simulateProcessingDelay: true)"
    case testWithoutDelay = "TestScheduler(simulateProcessingDelay: false)"

    func makeScheduler() -> any Target {
        switch self {
        case .tick: RealScheduler(TickScheduler())
        case .testWithDelay: RealScheduler(TestScheduler(initialClock: 0, simulateProcessingDelay: true))
        case .testWithoutDelay: RealScheduler(TestScheduler(initialClock: 0, simulateProcessingDelay: false))
        }
    }

    /// The due time the scheduler queues work for `time` at, given the clock.
    func adjust(_ time: Int, clock: Int) -> Int {
        switch self {
        case .tick: time
        case .testWithDelay: time <= clock ? clock + 1 : time
        case .testWithoutDelay: time <= clock ? clock : time
        }
    }
}

private final class RealScheduler<Converter: VirtualTimeConverterType>: Target
where Converter.VirtualTimeUnit == Int, Converter.VirtualTimeIntervalUnit == Int {
    let scheduler: VirtualTimeScheduler<Converter>
    var handles: [any Disposable] = []

    init(_ scheduler: VirtualTimeScheduler<Converter>) {
        self.scheduler = scheduler
    }

    var clock: Int { scheduler.clock }

    func schedule(_ request: Request, id: Int, run: @escaping () -> Void) {
        precondition(id == handles.count, "ids are handed out in scheduling order")
        let once: (()) -> any Disposable = { _ in
            run()
            return Disposables.create()
        }
        let tick: (()) -> Void = { _ in run() }
        switch request {
        case .now: handles.append(scheduler.schedule((), action: once))
        case .absolute(let time): handles.append(scheduler.scheduleAbsoluteVirtual((), time: time, action: once))
        case .relative(let due): handles.append(scheduler.scheduleRelative((), dueTime: .seconds(due), action: once))
        case .relativeVirtual(let due):
            handles.append(scheduler.scheduleRelativeVirtual((), dueTime: due, action: once))
        case .periodic(let startAfter, let period):
            handles.append(
                scheduler.schedulePeriodic((), startAfter: .seconds(startAfter), period: .seconds(period), action: tick)
            )
        }
    }

    func dispose(_ id: Int) { handles[id].dispose() }
    func start() { scheduler.start() }
    func advance(to time: Int) { scheduler.advanceTo(time) }
    func sleep(_ ticks: Int) { scheduler.sleep(ticks) }
    func stop() { scheduler.stop() }
    func release() {
        for handle in handles { handle.dispose() }
    }
}

/// The scheduler as the documentation describes it, as plainly as possible: an unordered array
/// searched for its earliest entry at each step.
private final class ReferenceModel: Target {
    struct Entry {
        let time: Int
        let sequence: Int
        let id: Int
        let period: Int?
        let run: () -> Void
    }

    private(set) var clock = 0
    private(set) var longestQueue = 0
    private var queue: [Entry] = []
    private var disposed: Set<Int> = []
    private var nextSequence = 0
    private var running = false
    private let adjust: (_ time: Int, _ clock: Int) -> Int

    init(adjust: @escaping (_ time: Int, _ clock: Int) -> Int) {
        self.adjust = adjust
    }

    func schedule(_ request: Request, id: Int, run: @escaping () -> Void) {
        switch request {
        case .now: enqueue(at: adjust(clock, clock), id: id, period: nil, run: run)
        case .absolute(let time): enqueue(at: time, id: id, period: nil, run: run)
        case .relative(let due): enqueue(at: adjust(clock + due, clock), id: id, period: nil, run: run)
        case .relativeVirtual(let due): enqueue(at: clock + due, id: id, period: nil, run: run)
        case .periodic(let startAfter, let period):
            enqueue(at: adjust(clock + startAfter, clock), id: id, period: period, run: run)
        }
    }

    func dispose(_ id: Int) { disposed.insert(id) }
    func stop() { running = false }
    func sleep(_ ticks: Int) { clock += ticks }
    func release() { queue = [] }

    func start() {
        running = true
        runQueue(notAfter: nil)
        running = false
    }

    func advance(to time: Int) {
        running = true
        runQueue(notAfter: time)
        clock = time
        running = false
    }

    private func enqueue(at time: Int, id: Int, period: Int?, run: @escaping () -> Void) {
        queue.append(Entry(time: time, sequence: nextSequence, id: id, period: period, run: run))
        nextSequence += 1
        longestQueue = max(longestQueue, queue.count)
    }

    private func runQueue(notAfter limit: Int?) {
        while running {
            guard !queue.isEmpty else { return }
            var earliest = 0
            for index in queue.indices
            where queue[index].time < queue[earliest].time
                || (queue[index].time == queue[earliest].time && queue[index].sequence < queue[earliest].sequence)
            {
                earliest = index
            }
            let entry = queue[earliest]
            if disposed.contains(entry.id) {
                queue.remove(at: earliest)
                continue
            }
            if let limit, entry.time > limit { return }
            queue.remove(at: earliest)
            clock = max(clock, entry.time)
            if let period = entry.period {
                // The next tick is queued before this one's action runs; a period that would
                // not move the clock moves it one tick.
                enqueue(at: adjust(clock + max(period, 1), clock), id: entry.id, period: period, run: entry.run)
            }
            entry.run()
        }
    }
}

/// One line of a run's log: an item ran (a periodic one counts its ticks from 0), or a driver
/// step ended.
private struct Record: Equatable, CustomStringConvertible {
    enum Event: Equatable {
        case ran(id: Int, tick: Int)
        case stepEnded(Int)
    }

    let event: Event
    let clock: Int

    var description: String {
        switch event {
        case .ran(let id, 0): "item \(id) ran at \(clock)"
        case .ran(let id, let tick): "item \(id) tick \(tick) ran at \(clock)"
        case .stepEnded(let step): "step \(step) ended at \(clock)"
        }
    }
}

/// The random program of one seed: driver steps drawn from the seed, and for each run of an
/// item a script drawn from the seed, the item's id and the run's number, so that both
/// targets see the same program as long as they run the same items in the same order.
private final class Program {
    static let runLimit = 10_000

    struct Item {
        let depth: Int
        /// For a periodic item, the tick after which it disposes itself.
        let tickLimit: Int?
        var runs = 0
    }

    struct Outcome {
        let records: [Record]
        let clock: Int
        let ranAway: Bool
        let coverage: Coverage
    }

    private let seed: UInt64
    private let target: any Target
    private var items: [Item] = []
    private var records: [Record] = []
    private var coverage = Coverage()
    private var ranAway = false

    init(seed: UInt64, target: any Target) {
        self.seed = seed
        self.target = target
    }

    func run() -> Outcome {
        var random = SplitMix64(seed: seed)
        let steps = random.int(20...60)
        for step in 0...steps {
            if ranAway { break }
            switch step == steps ? 100 : random.int(0...99) {
            case 0..<45: schedule(depth: 0, &random)
            // A burst of items that schedule little grows the queue to where the real one compacts.
            case 45..<50: for _ in 0..<random.int(8...40) { schedule(depth: 2, &random) }
            case 50..<65: target.advance(to: target.clock + random.int(0...6))
            case 65..<75: target.sleep(random.int(0...4))
            case 75..<83: if !items.isEmpty { target.dispose(someId(&random)) }
            case 83..<85: target.stop()  // while not running: must not stop the next run
            default: target.start()
            }
            records.append(Record(event: .stepEnded(step), clock: target.clock))
        }
        target.release()
        return Outcome(records: records, clock: target.clock, ranAway: ranAway, coverage: coverage)
    }

    private func schedule(depth: Int, _ random: inout SplitMix64) {
        let id = items.count
        let offset = random.int(-3...5)
        var tickLimit: Int?
        let request: Request
        switch random.int(0...4) {
        case 0: request = .now
        case 1: request = .absolute(time: target.clock + offset)
        case 2: request = .relative(offset)
        case 3: request = .relativeVirtual(offset)
        default:
            request = .periodic(startAfter: offset, period: random.int(-1...3))
            tickLimit = random.int(1...5)
        }
        items.append(Item(depth: depth, tickLimit: tickLimit))
        target.schedule(request, id: id) { self.ran(id) }
    }

    /// Some item scheduled so far: often a recent one, which is likelier to be still queued.
    private func someId(_ random: inout SplitMix64) -> Int {
        let count = items.count
        return random.int(0...1) == 0 ? random.int(0...count - 1) : count - 1 - random.int(0...min(7, count - 1))
    }

    private func ran(_ id: Int) {
        if ranAway { return target.stop() }
        let item = items[id]
        items[id].runs += 1
        records.append(Record(event: .ran(id: id, tick: item.runs), clock: target.clock))
        coverage.runs += 1
        if records.count > Self.runLimit {
            ranAway = true
            return target.stop()
        }
        if let tickLimit = item.tickLimit {
            coverage.periodicTicks += 1
            if item.runs + 1 == tickLimit { target.dispose(id) }
        }
        // A stream per run of each item, none of them the driver's.
        var random = SplitMix64(seed: seed ^ 0xD1B5_4A32_D192_ED03 &* (UInt64(id) << 3 + UInt64(item.runs) + 1))
        for _ in 0..<random.int(0...3) {
            switch random.int(0...99) {
            case 0..<70: if item.depth < 3 { schedule(depth: item.depth + 1, &random) }
            case 70..<95: target.dispose(random.int(0...2) == 0 ? id : someId(&random))
            default:
                coverage.stops += 1
                target.stop()
            }
        }
    }
}
