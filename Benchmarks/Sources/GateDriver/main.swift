import AllocationCounter
import Scenarios

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The performance gate's driver. `Scripts/gate` runs it natively for allocations and under
// callgrind for instructions, and compares both with `Thresholds.tsv`.
//
//   GateDriver list                      every gated side with its two sizes, and every side
//                                        left out with the reason; fails if a project side of
//                                        the catalog is in neither list
//   GateDriver measure SCENARIO SIDE     a warm-up run of the small size, then the small and the
//                                        large run, each ended by `rx_gate_checkpoint()` (where
//                                        callgrind dumps its count); prints the allocations of
//                                        the two measured runs
//
// Every count is taken twice, at two sizes, and subtracted, so that start-up and one-off setup
// inside a run (a subject, a scheduler, a subscription) cancel out and what is left is per unit.

/// One side the gate counts, with the two unit counts it subtracts. The sizes keep each run to
/// a few milliseconds natively, a second or so under callgrind, and respect the scenario's own
/// batch (10 observers, 100 array elements, two subjects, 100,000 virtual ticks).
struct Gated {
    let scenario: String
    let side: String
    let small: Int
    let large: Int
}

/// A project side that the gate does not count, and why.
struct NotGated {
    let scenario: String
    let side: String
    let reason: String
}

let gated: [Gated] = [
    Gated(scenario: "map_filter_pumping", side: "rx", small: 10_000, large: 20_000),
    Gated(scenario: "map_filter_creating", side: "rx", small: 1_000, large: 2_000),
    Gated(scenario: "map_filter_creating", side: "rx-build-only", small: 1_000, large: 2_000),
    Gated(scenario: "from_array", side: "rx", small: 10_000, large: 20_000),
    Gated(scenario: "single_map", side: "rx", small: 20_000, large: 40_000),
    Gated(scenario: "scan_per_element", side: "rx", small: 20_000, large: 40_000),
    Gated(scenario: "distinct_until_changed", side: "rx", small: 20_000, large: 40_000),
    Gated(scenario: "reduce_per_element", side: "rx", small: 20_000, large: 40_000),
    Gated(scenario: "enumerated_per_element", side: "rx", small: 20_000, large: 40_000),
    Gated(scenario: "skip_while_per_element", side: "rx", small: 20_000, large: 40_000),
    Gated(scenario: "retry_per_subscription", side: "rx", small: 1_000, large: 2_000),
    Gated(scenario: "async_values_per_element", side: "rx-calling-thread", small: 5_000, large: 10_000),
    Gated(scenario: "single_just_map_subscribe", side: "rx", small: 2_000, large: 4_000),
    Gated(scenario: "publish_subject_fanout", side: "rx", small: 20_000, large: 40_000),
    Gated(scenario: "behavior_subject_subscribe", side: "rx", small: 2_000, large: 4_000),
    Gated(scenario: "share_per_delivery", side: "rx", small: 20_000, large: 40_000),
    Gated(scenario: "interval_virtual", side: "rx", small: 100_000, large: 200_000),
    Gated(scenario: "trampoline", side: "rx", small: 5_000, large: 10_000),
    Gated(scenario: "trampoline_fanout", side: "rx", small: 5_000, large: 10_000),
    Gated(scenario: "observe_on", side: "rx", small: 10_000, large: 20_000),
    Gated(scenario: "driver_per_delivery", side: "rx", small: 5_000, large: 10_000),
    Gated(scenario: "combine_latest", side: "rx", small: 10_000, large: 20_000),
    Gated(scenario: "zip_per_element", side: "rx", small: 10_000, large: 20_000),
    Gated(scenario: "with_latest_from", side: "rx", small: 10_000, large: 20_000),
    Gated(scenario: "flat_map_just", side: "rx", small: 2_000, large: 4_000),
    Gated(scenario: "merge_two_subjects", side: "rx", small: 20_000, large: 40_000),
    Gated(scenario: "debounce_virtual", side: "rx", small: 100_000, large: 200_000),
    Gated(scenario: "throttle_virtual", side: "rx", small: 100_000, large: 200_000),
    Gated(scenario: "observation_change", side: "rx", small: 1_000, large: 2_000),
    Gated(scenario: "debug_timeline", side: "rx", small: 20_000, large: 40_000),
]

let notGated: [NotGated] = [
    NotGated(
        scenario: "async_values_per_element", side: "rx",
        reason: "its task runs on the global pool, whose threads wake differently from run to run; "
            + "the rx-calling-thread side, gated, runs the same loop with every job on the calling thread"
    ),
    NotGated(
        scenario: "timer_dispatch", side: "rx",
        reason: "real dispatch timers on a serial queue: how much the queue's thread runs depends on the machine"
    ),
    NotGated(
        scenario: "delay_dispatch", side: "rx",
        reason: "50 µs delays on a real serial queue: how elements batch per wake-up depends on timing"
    ),
]

func listing() -> Int32 {
    var failures: Int32 = 0
    for entry in gated {
        guard let scenario = Catalog.scenarioWithoutPeers(named: entry.scenario),
            scenario.sides.contains(where: { $0.name == entry.side })
        else {
            print("error: gated side \(entry.scenario) \(entry.side) is not in the catalog")
            failures += 1
            continue
        }
        print("gated\t\(entry.scenario)\t\(entry.side)\t\(entry.small)\t\(entry.large)")
    }
    for entry in notGated {
        print("not-gated\t\(entry.scenario)\t\(entry.side)\t\(entry.reason)")
    }
    // A project side added to the catalog must be counted, or left out with its reason.
    for scenario in Catalog.withoutPeers {
        for side in scenario.sides where side.name.hasPrefix("rx") {
            let known =
                gated.contains { $0.scenario == scenario.name && $0.side == side.name }
                || notGated.contains { $0.scenario == scenario.name && $0.side == side.name }
            if !known {
                print("error: \(scenario.name) \(side.name) is neither gated nor listed as not gated in GateDriver")
                failures += 1
            }
        }
    }
    return failures == 0 ? 0 : 1
}

func measure(_ entry: Gated) -> Int32 {
    guard let scenario = Catalog.scenarioWithoutPeers(named: entry.scenario),
        let side = scenario.sides.first(where: { $0.name == entry.side })
    else {
        print("error: no side \(entry.side) of \(entry.scenario)")
        return 2
    }
    // The warm-up pays for what happens once per process (type metadata, thread-local keys,
    // the first thread of a pool), so that neither measured run does.
    let warmUp = side.run(entry.small)
    rx_gate_checkpoint()
    let beforeSmall = rx_gate_allocations()
    let small = side.run(entry.small)
    let afterSmall = rx_gate_allocations()
    rx_gate_checkpoint()
    let large = side.run(entry.large)
    let afterLarge = rx_gate_allocations()
    rx_gate_checkpoint()

    for (units, checksum) in [(entry.small, warmUp), (entry.small, small), (entry.large, large)] {
        let expected = scenario.expectedChecksum(units)
        if checksum != expected {
            print(
                "error: \(entry.scenario) \(entry.side) returned \(checksum) for \(units) units, expected \(expected)")
            return 1
        }
    }
    let counted = rx_gate_counts_allocations() ? "" : "\tallocations not counted on this platform"
    print(
        "\(entry.scenario)\t\(entry.side)\t\(entry.small)\t\(entry.large)"
            + "\t\(afterSmall - beforeSmall)\t\(afterLarge - afterSmall)\(counted)")
    return 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "list":
    exit(listing())
case "measure" where arguments.count == 3:
    guard let entry = gated.first(where: { $0.scenario == arguments[1] && $0.side == arguments[2] }) else {
        print("error: \(arguments[1]) \(arguments[2]) is not gated; `GateDriver list` names those that are")
        exit(2)
    }
    exit(measure(entry))
default:
    print("usage: GateDriver list | measure SCENARIO SIDE")
    exit(2)
}
