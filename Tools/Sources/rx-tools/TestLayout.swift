import Foundation
import SwiftSyntax

/// Tests mirror Sources: the tests of `Sources/<Module>/<Folder>/<Name>.swift` live in
/// `Tests/<Module>Tests/<Folder>/<Name>Tests.swift`, all of them, whatever form of the operator or
/// type they exercise (fused, under contention, on a trait).
///
/// - A test file (one that declares an XCTest method or a Swift Testing `@Test`) is named
///   `<Name>Tests.swift` and has its source file, unless it sits in a folder of ``crossCutting``.
/// - A file that declares no test is support code (a probe, a scheduler, a table); shared ones
///   live in `Tests/RxTestHelpers` or a target's `Support/` folder.
/// - Every source file has its mirror test file, unless ``companions`` names where its tests are
///   or it is generated (the generator's `--check` keeps it; its family's tests exercise it).
///
/// The rule fails the run for the modules of ``strictModules``; for the others it reports.
enum TestLayout {
    /// The modules whose layout the check enforces; the others it only reports on.
    static let strictModules: Set<String> = ["RxOperators"]

    /// Folders of a test target whose test files have no single source file, each with why.
    static let crossCutting: [String: String] = [
        "Tests/RxOperatorsTests/Conformance":
            "the generated-rows suite: one parameterised test over a table of every operator",
        "Tests/RxOperatorsTests/CrossCutting":
            "tests that exercise many operators at once (the grammar guard, bad input, reentrancy reports,"
            + " the sender bound, isolation, RxSwift spellings, the public kit through a user's operator)",
    ]

    /// Source files whose tests live in another operator's mirror file, each with why.
    static let companions: [String: (tests: String, reason: String)] = [
        "Sources/RxOperators/Combining/CombineLatest2.swift": (
            "Tests/RxOperatorsTests/Combining/CombineLatestTests.swift", "combineLatest's two-source form"
        ),
        "Sources/RxOperators/Combining/CombineLatest+Collection.swift": (
            "Tests/RxOperatorsTests/Combining/CombineLatestTests.swift", "combineLatest's collection form"
        ),
        "Sources/RxOperators/Combining/Zip2.swift": (
            "Tests/RxOperatorsTests/Combining/ZipTests.swift", "zip's two-source form"
        ),
        "Sources/RxOperators/Combining/Zip+Collection.swift": (
            "Tests/RxOperatorsTests/Combining/ZipTests.swift", "zip's collection form"
        ),
        "Sources/RxOperators/Creating/FromArray.swift": (
            "Tests/RxOperatorsTests/Creating/FromTests.swift", "from's array form"
        ),
        "Sources/RxOperators/Creating/RxAbstractInteger.swift": (
            "Tests/RxOperatorsTests/Creating/RangeTests.swift", "the integer protocol of range and interval"
        ),
        "Sources/RxOperators/Filtering/TakeBehavior.swift": (
            "Tests/RxOperatorsTests/Filtering/TakeLastTests.swift", "the parameter of takeLast's forms"
        ),
        "Sources/RxOperators/Transforming/GroupedObservable.swift": (
            "Tests/RxOperatorsTests/Transforming/GroupByTests.swift", "the element type of groupBy"
        ),
        "Sources/RxOperators/Transforming/Dematerialize.swift": (
            "Tests/RxOperatorsTests/Transforming/MaterializeTests.swift",
            "materialize's inverse, tested as a round trip"
        ),
        "Sources/RxOperators/Multicasting/ConnectableObservable.swift": (
            "Tests/RxOperatorsTests/Multicasting/MulticastTests.swift", "the type multicast and publish return"
        ),
    ]

    /// Known gaps still to close (issue 37, part 6), printed as `pending` on every run so that the
    /// debt stays in sight. A gap not listed fails; an entry whose gap is closed fails too, until it
    /// is taken off this list, so the list only shrinks.
    static let pending: [String: String] = [:]

    /// Generated sources: `rx-tools generate --check` keeps them; their family's tests run them.
    static func isGenerated(_ path: String) -> Bool {
        path.hasSuffix("+RxSwiftSignatures.swift") || path.hasSuffix("+Arity.swift")
    }

    struct Finding {
        let path: String
        let message: String
        /// Whether it fails the check (a strict module) or is only reported.
        let fails: Bool
    }

    /// Every departure from the layout, in path order, and how many test files were read.
    static func findings() throws -> (findings: [Finding], testFiles: Int) {
        var findings: [Finding] = []
        var testFiles = 0
        let sources = Repository.path("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources).sorted()
        for module in modules {
            let testTarget = "Tests/\(module)Tests"
            guard Repository.exists(Repository.path(testTarget)) else { continue }
            let strict = strictModules.contains(module)
            // Test files with no source file.
            for path in Repository.files(under: Repository.path(testTarget), endingWith: ".swift") {
                testFiles += 1
                let relative = Repository.relative(path)
                let inTarget = String(relative.dropFirst(testTarget.count + 1))
                let folder = (relative as NSString).deletingLastPathComponent
                if crossCutting.keys.contains(where: { folder == $0 || folder.hasPrefix($0 + "/") }) {
                    continue
                }
                let declaresTests = try declaresTests(path)
                let name = (inTarget as NSString).lastPathComponent
                if !declaresTests {
                    if name.hasSuffix("Tests.swift") {
                        findings.append(
                            Finding(
                                path: relative, message: "named as a test file but declares no test",
                                fails: strict))
                    }
                    continue
                }
                guard name.hasSuffix("Tests.swift") else {
                    findings.append(
                        Finding(
                            path: relative, message: "declares tests but is not named <Name>Tests.swift",
                            fails: strict))
                    continue
                }
                let source = "Sources/\(module)/" + inTarget.dropLast("Tests.swift".count) + ".swift"
                if !Repository.exists(Repository.path(source)) {
                    findings.append(
                        Finding(
                            path: relative,
                            message: "no source file \(source); move its tests to their operator's mirror file,"
                                + " or to a cross-cutting folder if they exercise many",
                            fails: strict))
                }
            }
            // Source files with no mirror test file.
            for path in Repository.files(under: Repository.path("Sources/\(module)"), endingWith: ".swift") {
                let relative = Repository.relative(path)
                if isGenerated(relative) { continue }
                let inModule = String(relative.dropFirst("Sources/\(module)/".count))
                let mirror = "\(testTarget)/" + inModule.dropLast(".swift".count) + "Tests.swift"
                if let companion = companions[relative] {
                    if !Repository.exists(Repository.path(companion.tests)) {
                        findings.append(
                            Finding(
                                path: relative, message: "its tests' file \(companion.tests) does not exist",
                                fails: strict))
                    }
                    continue
                }
                if !Repository.exists(Repository.path(mirror)) {
                    findings.append(Finding(path: relative, message: "no mirror test file \(mirror)", fails: strict))
                }
            }
        }
        var outstanding: [Finding] = []
        for finding in findings {
            if finding.fails, let plan = pending[finding.path] {
                outstanding.append(Finding(path: finding.path, message: "pending: \(plan)", fails: false))
            } else {
                outstanding.append(finding)
            }
        }
        let flagged = Set(findings.map(\.path))
        for path in pending.keys where !flagged.contains(path) {
            outstanding.append(
                Finding(path: path, message: "no longer a gap: take it off TestLayout.pending", fails: true))
        }
        return (outstanding.sorted { $0.path < $1.path }, testFiles)
    }

    /// Whether the file declares an XCTest method (`func test…` in a class or extension) or a
    /// Swift Testing `@Test`.
    static func declaresTests(_ path: String) throws -> Bool {
        let file = try SwiftFile(path: path)
        let finder = TestDeclarationFinder(viewMode: .sourceAccurate)
        finder.walk(file.tree)
        return finder.found
    }

    private final class TestDeclarationFinder: SyntaxVisitor {
        var found = false

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            let isSwiftTesting = node.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Test"
            }
            let isXCTest =
                node.name.text.hasPrefix("test") && node.signature.parameterClause.parameters.isEmpty
                && !node.modifiers.contains { ["static", "private", "fileprivate"].contains($0.name.text) }
                && isMember(node)
            if isSwiftTesting || isXCTest {
                found = true
            }
            return .skipChildren
        }

        /// Whether the function is a method of a class or of an extension.
        private func isMember(_ node: FunctionDeclSyntax) -> Bool {
            var ancestor = node.parent
            while let current = ancestor {
                if current.is(ClassDeclSyntax.self) || current.is(ExtensionDeclSyntax.self) { return true }
                if current.is(FunctionDeclSyntax.self) || current.is(StructDeclSyntax.self) { return false }
                ancestor = current.parent
            }
            return false
        }
    }
}
