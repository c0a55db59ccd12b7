// swift-tools-version: 6.0
import PackageDescription

// A program that stops in each documented way on request, built in release by
// `scripts/check-release-stops`: a stop's message must survive optimisation, which Swift's
// `precondition` does not guarantee.
let package = Package(
    name: "ReleaseStops",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "RxSwiftModular", path: "../../..")
    ],
    targets: [
        .executableTarget(
            name: "release-stops",
            dependencies: [
                .product(name: "RxCore", package: "RxSwiftModular"),
                .product(name: "RxRelay", package: "RxSwiftModular"),
                .product(name: "RxOperators", package: "RxSwiftModular"),
                .product(name: "RxTestSupport", package: "RxSwiftModular"),
            ]
        )
    ]
)
