import PeerScenarios
import Scenarios

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A plain driver around the benchmark scenarios, for profilers that cannot go through the
// harness (valgrind's callgrind, perf) and for checking that every side does the same work.
//
//   ProfileDriver verify                        every side of every scenario returns the same checksum
//   ProfileDriver run SCENARIO SIDE [UNITS]     one run, for `valgrind --tool=callgrind`
//   ProfileDriver time [SCENARIO] [REPEATS]     best-of-REPEATS time per unit of each side
//   ProfileDriver chain DEPTH [BREAK]           subscribes a chain of DEPTH operators, type-erased every BREAK
//                                               (for Scripts/deep_chain_limit.sh)
//   ProfileDriver soak [ELEMENTS]               resident memory through long observe(on:)/subscribe(on:) runs
//   ProfileDriver timeline-memory [LENGTH]      resident memory per event of full timelines whose texts are
//                                               LENGTH characters long (one length per process, so that
//                                               memory freed by another run cannot hide this one's)

let arguments = Array(CommandLine.arguments.dropFirst())

func scenarioOrExit(_ name: String) -> Scenario {
    guard let scenario = Catalog.scenario(named: name) else {
        print("unknown scenario \(name); known: \(Catalog.all.map(\.name).joined(separator: ", "))")
        exit(2)
    }
    return scenario
}

func verify() -> Int32 {
    var failures: Int32 = 0
    for scenario in Catalog.all {
        let units = scenario.unitsPerIteration
        let expected = scenario.expectedChecksum(units)
        for side in scenario.sides {
            let checksum = side.run(units)
            let verdict = checksum == expected ? "ok" : "MISMATCH (expected \(expected))"
            print("\(scenario.name) \(side.name): \(checksum) \(verdict)")
            if checksum != expected { failures += 1 }
        }
    }
    return failures == 0 ? 0 : 1
}

func run(_ scenario: Scenario, sideName: String, units: Int) -> Int32 {
    guard let side = scenario.sides.first(where: { $0.name == sideName }) else {
        print("\(scenario.name) has no side \(sideName); it has: \(scenario.sides.map(\.name).joined(separator: ", "))")
        return 2
    }
    print(side.run(units))
    return 0
}

func time(_ scenarios: [Scenario], repeats: Int) {
    let clock = ContinuousClock()
    for scenario in scenarios {
        for side in scenario.sides {
            var best = Duration.seconds(1_000_000)
            for _ in 0..<repeats {
                let elapsed = clock.measure { _ = side.run(scenario.unitsPerIteration) }
                best = min(best, elapsed)
            }
            let nanoseconds = Double(best.components.seconds) * 1e9 + Double(best.components.attoseconds) / 1e9
            let perUnit = nanoseconds / Double(scenario.unitsPerIteration)
            print("\(scenario.name) \(side.name): \(perUnit) ns per \(scenario.unit)")
        }
    }
}

switch arguments.first {
case "verify":
    exit(verify())
case "run" where arguments.count >= 3:
    let scenario = scenarioOrExit(arguments[1])
    let units = arguments.count >= 4 ? Int(arguments[3]) ?? scenario.unitsPerIteration : scenario.unitsPerIteration
    exit(run(scenario, sideName: arguments[2], units: units))
case "time":
    let scenarios = arguments.count >= 2 ? [scenarioOrExit(arguments[1])] : Catalog.all
    let repeats = arguments.count >= 3 ? Int(arguments[2]) ?? 7 : 7
    time(scenarios, repeats: repeats)
case "chain" where arguments.count >= 2:
    let depth = Int(arguments[1]) ?? 0
    let breakEvery = arguments.count >= 3 ? Int(arguments[2]) : nil
    print("depth \(depth): received \(DeepChain.run(depth: depth, breakEvery: breakEvery))")
case "soak":
    let elements = arguments.count >= 2 ? Int(arguments[1]) ?? 10_000_000 : 10_000_000
    for report in [Soak.observeOnSlowConsumer(elements: elements), Soak.subscribeOn(elements: elements)] {
        let samples = report.residentMiB.map { $0.map { "\(($0 * 10).rounded() / 10)" } ?? "n/a" }
        print(
            "\(report.name): \(report.elements) elements, resident MiB at start, after a tenth, at end: "
                + samples.joined(separator: ", "))
    }
case "timeline-memory":
    let length = arguments.count >= 2 ? Int(arguments[1]) ?? 4 : 4
    let bytes = DebugTimelineScenario.memoryPerEvent(length: length).map { "\(Int($0.rounded()))" } ?? "n/a"
    print("100 timelines of 10,000 events, texts of \(length) characters: \(bytes) bytes per event")
default:
    print(
        "usage: ProfileDriver verify | run SCENARIO SIDE [UNITS] | time [SCENARIO] [REPEATS] | chain DEPTH [BREAK]"
            + " | soak [ELEMENTS] | timeline-memory [LENGTH]"
    )
    exit(2)
}
