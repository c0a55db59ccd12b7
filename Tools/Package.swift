// swift-tools-version: 6.0
import PackageDescription

// The project's own tools: the generators of the committed generated files and the operator
// checklist. They sit beside the library, like Benchmarks/, so that the library keeps no package
// dependencies; only this manifest names swift-syntax, which lets the tools read Swift as the
// compiler does instead of with regular expressions.
let package = Package(
    name: "RxSwiftModularTools",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1")
    ],
    targets: [
        .executableTarget(
            name: "rx-tools",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        )
    ]
)
