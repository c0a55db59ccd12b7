/// A model of a few threads sharing some state, each taking one indivisible step at a time, that
/// ``ScheduleExplorer`` can run in every order.
protocol InterleavedModel: Hashable {
    /// The threads that can take a step now (not finished, not blocked).
    var runnableThreads: [Int] { get }
    /// Whether every thread has finished.
    var isFinished: Bool { get }
    /// The state after `thread` takes its next step.
    func stepping(_ thread: Int) -> Self
    /// What is wrong with this state, if anything; checked at every state.
    var violation: String? { get }
    /// What is wrong with this finished state, if anything.
    var finalViolation: String? { get }
}

/// Runs a model's threads in every possible order, deterministically, without threads: a
/// depth-first walk of the schedules, which merges schedules that reach the same state, so that
/// it visits each distinct state once while still counting every schedule.
///
/// A state where no thread can move while some are unfinished is a deadlock, and reported.
struct ScheduleExplorer<Model: InterleavedModel> {
    /// A schedule that went wrong: the threads in the order they stepped, and what was wrong.
    struct Failure: CustomStringConvertible {
        let schedule: [Int]
        let problem: String

        var description: String { "\(problem) after schedule \(schedule)" }
    }

    /// Distinct states visited.
    private(set) var states = 0
    /// Complete schedules, from the start to a finished state, counting every order of steps.
    private(set) var schedules: Double = 0
    /// The first failures found (at most ten).
    private(set) var failures: [Failure] = []

    private var completions: [Model: Double] = [:]
    private var path: [Int] = []

    /// Explores every schedule from `start`.
    mutating func explore(_ start: Model) {
        schedules += completionsFrom(start)
    }

    private mutating func completionsFrom(_ model: Model) -> Double {
        if let known = completions[model] { return known }
        states += 1
        var count: Double = 0
        if let problem = model.violation {
            report(problem)
        } else if model.isFinished {
            if let problem = model.finalViolation {
                report(problem)
            }
            count = 1
        } else {
            let runnable = model.runnableThreads
            if runnable.isEmpty {
                report("deadlock: no thread can move")
            }
            for thread in runnable {
                path.append(thread)
                count += completionsFrom(model.stepping(thread))
                path.removeLast()
            }
        }
        completions[model] = count
        return count
    }

    private mutating func report(_ problem: String) {
        if failures.count < 10 {
            failures.append(Failure(schedule: path, problem: problem))
        }
    }
}
