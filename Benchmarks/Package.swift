// swift-tools-version: 6.1
import PackageDescription

// The benchmark package sits beside the library so that the library itself keeps no package
// dependencies: only this manifest names the harness (ordo-one/benchmark) and the peer
// (OpenCombine) measured in the same run.
let package = Package(
    name: "RxSwiftModularBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "RxSwiftModular", path: ".."),
        // MallocInterposer alone: every benchmark reports its allocations, and the runtime
        // interposer (a default trait that needs a package this machine's mirror lacks) stays off.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        // The scenarios, shared by the harness and by the profiling driver so both run the same code.
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
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ],
            path: "Sources/Scenarios"
        ),
        // Found and run by `swift package benchmark`: the plugin picks executable targets whose
        // folder sits directly in a folder named Benchmarks, which this package's own folder is.
        .executableTarget(
            name: "RxBenchmarks",
            dependencies: [
                "Scenarios",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "RxBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // A plain executable that runs one scenario a fixed number of times, for callgrind and perf.
        .executableTarget(
            name: "ProfileDriver",
            dependencies: ["Scenarios"],
            path: "Sources/ProfileDriver"
        ),
    ]
)
