// swift-tools-version: 6.1
import PackageDescription

// The benchmark package sits beside the library so that the library itself keeps no package
// dependencies: only this manifest names the harness (ordo-one/benchmark) and the peer
// (OpenCombine) measured in the same run.
//
// The performance gate (`Scripts/gate`) sets RX_BENCHMARKS_GATE_ONLY: the package is then the
// project's scenarios, the allocation counter and the gate's driver alone, so the gate neither
// fetches nor builds the harness, its plugin's tools or the peer.
let gateOnly = Context.environment["RX_BENCHMARKS_GATE_ONLY"] != nil

let library: [Package.Dependency] = [.package(name: "RxSwiftModular", path: "..")]

let harnessAndPeer: [Package.Dependency] = [
    // MallocInterposer alone: every benchmark reports its allocations, and the runtime
    // interposer (a default trait that needs a package this machine's mirror lacks) stays off.
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
]

let gateTargets: [Target] = [
    // The scenarios' project sides, bounds and floors, shared by the harness, the profiling
    // driver and the gate so that all three run the same code. The library alone: no peer.
    .target(
        name: "Scenarios",
        dependencies: [
            .product(name: "RxCore", package: "RxSwiftModular"),
            .product(name: "RxDisposables", package: "RxSwiftModular"),
            .product(name: "RxSchedulers", package: "RxSwiftModular"),
            .product(name: "RxOperators", package: "RxSwiftModular"),
            .product(name: "RxTestSupport", package: "RxSwiftModular"),
            .product(name: "RxCocoaTraits", package: "RxSwiftModular"),
            .product(name: "RxObservation", package: "RxSwiftModular"),
            .product(name: "RxDiagrams", package: "RxSwiftModular"),
        ],
        path: "Sources/Scenarios"
    ),
    // Counts every allocation of the process (glibc's allocator, replaced in the gate's
    // executable): the gate's allocation instrument.
    .target(name: "AllocationCounter", path: "Sources/AllocationCounter"),
    // Runs the project's sides for the performance gate: instructions under callgrind and
    // allocations per unit, deterministic counts that `Scripts/gate` compares with Thresholds.tsv.
    .executableTarget(
        name: "GateDriver",
        dependencies: ["Scenarios", "AllocationCounter"],
        path: "Sources/GateDriver"
    ),
]

let harnessTargets: [Target] = [
    // OpenCombine's sides of the same scenarios, added to the catalog as `Catalog.all`.
    .target(
        name: "PeerScenarios",
        dependencies: [
            "Scenarios",
            .product(name: "OpenCombine", package: "OpenCombine"),
            .product(name: "OpenCombineDispatch", package: "OpenCombine"),
        ],
        path: "Sources/PeerScenarios"
    ),
    // Found and run by `swift package benchmark`: the plugin picks executable targets whose
    // folder sits directly in a folder named Benchmarks, which this package's own folder is.
    .executableTarget(
        name: "RxBenchmarks",
        dependencies: [
            "PeerScenarios",
            .product(name: "Benchmark", package: "benchmark"),
        ],
        path: "RxBenchmarks",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // A plain executable that runs one side of a scenario a fixed number of times, for
    // callgrind and perf, and checks that every side returns the same checksum.
    .executableTarget(
        name: "ProfileDriver",
        dependencies: ["PeerScenarios", "Scenarios"],
        path: "Sources/ProfileDriver"
    ),
]

let package = Package(
    name: "RxSwiftModularBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: gateOnly ? library : library + harnessAndPeer,
    targets: gateOnly ? gateTargets : gateTargets + harnessTargets
)
