// swift-tools-version: 6.0
import PackageDescription

// Every target is checked as a user would import it: only what a file imports is visible,
// and existentials are spelled `any`.
let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "RxSwiftModular",
    // `Synchronization` (Mutex, Atomic) sets the Apple minimums; Linux is the primary platform.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "RxDisposables", targets: ["RxDisposables"]),
        .library(name: "RxCore", targets: ["RxCore"]),
        .library(name: "RxRelay", targets: ["RxRelay"]),
        .library(name: "RxSchedulers", targets: ["RxSchedulers"]),
        .library(name: "RxOperators", targets: ["RxOperators"]),
        .library(name: "RxTestSupport", targets: ["RxTestSupport"]),
        .library(name: "RxBlocking", targets: ["RxBlocking"]),
        .library(name: "RxCocoaTraits", targets: ["RxCocoaTraits"]),
        .library(name: "RxObservation", targets: ["RxObservation"]),
        .library(name: "RxDiagrams", targets: ["RxDiagrams"]),
        .executable(name: "rx-examples", targets: ["rx-examples"]),
    ],
    targets: [
        .target(name: "RxDisposables", swiftSettings: strictness),
        // The drawing: marble diagrams, recorded timelines and failing-test pictures, in text only.
        .target(name: "RxDiagrams", swiftSettings: strictness),
        .target(name: "RxCore", dependencies: ["RxDisposables"], swiftSettings: strictness),
        .target(name: "RxRelay", dependencies: ["RxCore", "RxDisposables"], swiftSettings: strictness),
        .target(name: "RxSchedulers", dependencies: ["RxCore", "RxDisposables"], swiftSettings: strictness),
        .target(
            name: "RxOperators", dependencies: ["RxCore", "RxDisposables", "RxRelay", "RxSchedulers", "RxDiagrams"],
            swiftSettings: strictness),
        .target(
            name: "RxTestSupport", dependencies: ["RxCore", "RxDisposables", "RxSchedulers", "RxDiagrams"],
            swiftSettings: strictness),
        .target(name: "RxBlocking", dependencies: ["RxCore", "RxDisposables"], swiftSettings: strictness),
        // RxCocoa's platform-neutral half: Driver, Signal, bind(to:), NotificationCenter and URLSession.
        .target(
            name: "RxCocoaTraits", dependencies: ["RxCore", "RxDisposables", "RxRelay", "RxSchedulers", "RxOperators"],
            swiftSettings: strictness),
        // Swift's Observation and Rx, both ways: `@Observable` models as observables (and drivers),
        // observables bound onto models. Imports the toolchain's `Observation` module.
        .target(
            name: "RxObservation",
            dependencies: ["RxCore", "RxDisposables", "RxSchedulers", "RxOperators", "RxCocoaTraits"],
            swiftSettings: strictness),
        .executableTarget(
            name: "rx-examples",
            dependencies: [
                "RxCore", "RxDisposables", "RxRelay", "RxSchedulers", "RxOperators", "RxTestSupport", "RxCocoaTraits",
                "RxObservation",
                "RxDiagrams", "RxMarbleExamples",
            ],
            path: "Examples/rx-examples", swiftSettings: strictness),

        // The marble examples: data that the `rx-marbles` generator draws and `RxMarbleExamplesTests`
        // checks. Neither is a product: users never depend on them.
        .target(
            name: "RxMarbleExamples",
            dependencies: [
                "RxCore", "RxDisposables", "RxSchedulers", "RxOperators", "RxTestSupport", "RxObservation",
                "RxDiagrams",
            ],
            path: "Tests/RxMarbleExamples", swiftSettings: strictness),
        .executableTarget(
            name: "rx-marbles", dependencies: ["RxMarbleExamples", "RxDiagrams"], path: "Examples/rx-marbles",
            swiftSettings: strictness),

        // What several test targets share (`TestError`, `Counter`, `SynchronizationReports`, the
        // conformance table's row and checks); not a product.
        .target(
            name: "RxTestHelpers", dependencies: ["RxCore", "RxDisposables", "RxTestSupport"],
            path: "Tests/RxTestHelpers", swiftSettings: strictness),

        .testTarget(
            name: "RxDisposablesTests", dependencies: ["RxDisposables", "RxCore", "RxTestSupport"],
            swiftSettings: strictness),
        .testTarget(
            name: "RxCoreTests",
            dependencies: ["RxCore", "RxDisposables", "RxRelay", "RxTestSupport", "RxTestHelpers"],
            swiftSettings: strictness),
        .testTarget(
            name: "RxRelayTests",
            dependencies: ["RxRelay", "RxCore", "RxDisposables", "RxTestSupport", "RxTestHelpers"],
            swiftSettings: strictness),
        .testTarget(
            name: "RxSchedulersTests",
            dependencies: ["RxSchedulers", "RxCore", "RxDisposables", "RxTestSupport", "RxTestHelpers"],
            swiftSettings: strictness),
        .testTarget(
            name: "RxOperatorsTests",
            dependencies: [
                "RxOperators", "RxSchedulers", "RxCore", "RxDisposables", "RxRelay", "RxTestSupport", "RxTestHelpers",
                "RxDiagrams",
            ],
            swiftSettings: strictness),
        .testTarget(
            name: "RxBlockingTests",
            dependencies: [
                "RxBlocking", "RxOperators", "RxSchedulers", "RxCore", "RxDisposables", "RxTestSupport",
                "RxTestHelpers",
            ],
            swiftSettings: strictness),
        .testTarget(
            name: "RxCocoaTraitsTests",
            dependencies: [
                "RxCocoaTraits", "RxOperators", "RxSchedulers", "RxCore", "RxDisposables", "RxRelay", "RxTestSupport",
                "RxTestHelpers",
            ],
            swiftSettings: strictness),
        .testTarget(
            name: "RxObservationTests",
            dependencies: [
                "RxObservation", "RxCocoaTraits", "RxOperators", "RxSchedulers", "RxCore", "RxDisposables",
                "RxTestSupport", "RxTestHelpers",
            ],
            swiftSettings: strictness),
        // The tour's search model (`Examples/rx-examples/SearchModel.swift`), tested as its section
        // says: in virtual time, with XCTest and with Swift Testing.
        .testTarget(
            name: "RxExamplesTests",
            dependencies: [
                "rx-examples", "RxObservation", "RxOperators", "RxSchedulers", "RxCore", "RxDisposables",
                "RxTestSupport",
            ],
            swiftSettings: strictness),
        .testTarget(
            name: "RxMarbleExamplesTests",
            dependencies: ["RxMarbleExamples", "RxOperators", "RxTestSupport", "RxCore", "RxDiagrams"],
            swiftSettings: strictness),
        .testTarget(name: "RxDiagramsTests", dependencies: ["RxDiagrams", "RxTestSupport"], swiftSettings: strictness),
        .testTarget(
            name: "RxTestSupportTests",
            dependencies: [
                "RxTestSupport", "RxSchedulers", "RxCore", "RxDisposables", "RxRelay", "RxTestHelpers", "RxDiagrams",
            ],
            swiftSettings: strictness),
    ]
)
