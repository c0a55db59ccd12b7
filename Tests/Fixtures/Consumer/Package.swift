// swift-tools-version: 6.0
import PackageDescription

// A consumer of RxSwiftModular, built the way a user's package is: it depends on the root package
// by path and imports only the modules each target names. With `MemberImportVisibility` on, a
// public API that leaks a type from a module the file did not import fails to compile here.
let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "RxSwiftModular", path: "../../..")
    ],
    targets: [
        .target(
            name: "Pipeline",
            dependencies: [
                .product(name: "RxCore", package: "RxSwiftModular"),
                .product(name: "RxOperators", package: "RxSwiftModular"),
            ],
            swiftSettings: strictness
        ),
        .target(
            name: "RunningTotal",
            dependencies: [
                .product(name: "RxCore", package: "RxSwiftModular"),
                .product(name: "RxDisposables", package: "RxSwiftModular"),
            ],
            swiftSettings: strictness
        ),
        .target(
            name: "GuideExamples",
            dependencies: [
                .product(name: "RxCore", package: "RxSwiftModular"),
                .product(name: "RxDisposables", package: "RxSwiftModular"),
                .product(name: "RxRelay", package: "RxSwiftModular"),
                .product(name: "RxOperators", package: "RxSwiftModular"),
                .product(name: "RxSchedulers", package: "RxSwiftModular"),
            ],
            swiftSettings: strictness
        ),
        .target(
            name: "Settings",
            dependencies: [
                .product(name: "RxCocoaTraits", package: "RxSwiftModular"),
                .product(name: "RxCore", package: "RxSwiftModular"),
                .product(name: "RxOperators", package: "RxSwiftModular"),
            ],
            swiftSettings: strictness
        ),
        .target(
            name: "Inbox",
            dependencies: [
                .product(name: "RxCocoaTraits", package: "RxSwiftModular"),
                .product(name: "RxCore", package: "RxSwiftModular"),
                .product(name: "RxDisposables", package: "RxSwiftModular"),
                .product(name: "RxObservation", package: "RxSwiftModular"),
                .product(name: "RxOperators", package: "RxSwiftModular"),
                .product(name: "RxSchedulers", package: "RxSwiftModular"),
            ],
            swiftSettings: strictness
        ),
        .target(
            name: "Debugging",
            dependencies: [
                .product(name: "RxCore", package: "RxSwiftModular"),
                .product(name: "RxDiagrams", package: "RxSwiftModular"),
                .product(name: "RxDisposables", package: "RxSwiftModular"),
                .product(name: "RxOperators", package: "RxSwiftModular"),
                .product(name: "RxSchedulers", package: "RxSwiftModular"),
            ],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "DebuggingTests",
            dependencies: [
                "Debugging",
                .product(name: "RxDiagrams", package: "RxSwiftModular"),
                .product(name: "RxOperators", package: "RxSwiftModular"),
                .product(name: "RxTestSupport", package: "RxSwiftModular"),
            ],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "PipelineTests",
            dependencies: [
                "Pipeline",
                "RunningTotal",
                .product(name: "RxTestSupport", package: "RxSwiftModular"),
            ],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "GuideExamplesTests",
            dependencies: [
                "GuideExamples",
                .product(name: "RxOperators", package: "RxSwiftModular"),
                .product(name: "RxRelay", package: "RxSwiftModular"),
                .product(name: "RxTestSupport", package: "RxSwiftModular"),
                .product(name: "RxBlocking", package: "RxSwiftModular"),
            ],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "SettingsTests",
            dependencies: [
                "Settings",
                .product(name: "RxCocoaTraits", package: "RxSwiftModular"),
                .product(name: "RxCore", package: "RxSwiftModular"),
                .product(name: "RxDisposables", package: "RxSwiftModular"),
                .product(name: "RxOperators", package: "RxSwiftModular"),
                .product(name: "RxTestSupport", package: "RxSwiftModular"),
            ],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "InboxTests",
            dependencies: [
                "Inbox",
                .product(name: "RxCocoaTraits", package: "RxSwiftModular"),
                .product(name: "RxCore", package: "RxSwiftModular"),
                .product(name: "RxObservation", package: "RxSwiftModular"),
                .product(name: "RxOperators", package: "RxSwiftModular"),
                .product(name: "RxTestSupport", package: "RxSwiftModular"),
            ],
            swiftSettings: strictness
        ),
    ]
)
