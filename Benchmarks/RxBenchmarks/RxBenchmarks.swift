import Benchmark
import PeerScenarios
import Scenarios

// Every side of every scenario as one benchmark named "SCENARIO SIDE". Figures marked `*` by the
// harness are per unit (element, chain, tick, item), scaled by the scenario's units per iteration.
let benchmarks: @Sendable () -> Void = {
    for scenario in Catalog.all {
        let scaling: BenchmarkScalingFactor =
            switch scenario.unitsPerIteration {
            case 1_000_000: .mega
            case 1_000: .kilo
            default: .one
            }
        // At least seven samples of each (the "best of 7"), without letting the slow
        // sides run for minutes.
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal],
            warmupIterations: 1,
            scalingFactor: scaling,
            maxDuration: .seconds(scaling == .kilo ? 2 : 30),
            maxIterations: scaling == .kilo ? 1_000 : 7
        )
        let units = scenario.unitsPerIteration
        for side in scenario.sides {
            // Every iteration runs the scenario's own unit count; for 1,000 and 1,000,000 that is
            // also the harness's scaling factor.
            Benchmark("\(scenario.name) \(side.name)", configuration: configuration) { _ in
                blackHole(side.run(units))
            }
        }
    }
}
