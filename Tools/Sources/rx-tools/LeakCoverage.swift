import SwiftSyntax

/// Every test in `Tests/` (`Tests/Fixtures` aside) runs under the central leak check:
///
/// - every XCTest class subclasses `RxTestCase`, directly or through a chain of classes of its
///   test target that reaches it (a chain that reaches `XCTestCase` without it fails);
/// - every Swift Testing `@Suite` carries the `.leakChecked` trait (or `LeakCheckTrait(…)`), and
///   every `@Test` carries it or sits inside a `@Suite` that does.
enum LeakCoverage {
    /// The offences, one line each, as `path:line: error: …`, and how many files were read.
    static func offences() throws -> (offences: [String], files: Int) {
        let files = Repository.files(under: Repository.path("Tests"), endingWith: ".swift")
            .filter { !Repository.relative($0).hasPrefix("Tests/Fixtures/") }
        var offences: [(String, Int, String)] = []
        // Per test target: class name -> (its superclass, where it is declared).
        var classes: [String: [String: (base: String, path: String, line: Int)]] = [:]
        for path in files {
            let file = try SwiftFile(path: path)
            let target = Repository.relative(path).split(separator: "/")[1]
            let finder = TestFinder(file)
            finder.walk(file.tree)
            offences += finder.offences
            for (name, declared) in finder.classes {
                classes[String(target), default: [:]][name] = declared
            }
        }
        for (_, declared) in classes {
            for (name, start) in declared {
                var chain = [name]
                var base = start.base
                while let next = declared[base], chain.count < 64 {
                    chain.append(base)
                    base = next.base
                }
                if base == "XCTestCase" {
                    offences.append(
                        (
                            Repository.relative(start.path), start.line,
                            "XCTest class \(chain.joined(separator: " -> ")) subclasses XCTestCase, not RxTestCase"
                        ))
                }
            }
        }
        let sorted = offences.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        return (sorted.map { "\($0.0):\($0.1): error: \($0.2)" }, files.count)
    }

    private final class TestFinder: SyntaxVisitor {
        let file: SwiftFile
        var offences: [(String, Int, String)] = []
        var classes: [String: (base: String, path: String, line: Int)] = [:]
        /// Whether each enclosing type is a leak-checked `@Suite`.
        private var checkedSuites: [Bool] = []

        init(_ file: SwiftFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        private func attribute(_ name: String, in attributes: AttributeListSyntax) -> AttributeSyntax? {
            attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
                .first { $0.attributeName.trimmedDescription == name }
        }

        private func isLeakChecked(_ attribute: AttributeSyntax) -> Bool {
            let arguments = attribute.arguments?.trimmedDescription ?? ""
            return arguments.contains(".leakChecked") || arguments.contains("LeakCheckTrait(")
        }

        private func offence(_ node: some SyntaxProtocol, _ message: String) {
            offences.append((Repository.relative(file.path), file.line(of: node), message))
        }

        private func enter(_ attributes: AttributeListSyntax) {
            if let suite = attribute("Suite", in: attributes) {
                let checked = isLeakChecked(suite)
                if !checked {
                    offence(suite, "@Suite lacks the .leakChecked trait")
                }
                checkedSuites.append(checked)
            } else {
                checkedSuites.append(false)
            }
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.attributes)
            if let base = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription {
                classes[node.name.text] = (
                    String(base.split(separator: ".").last ?? ""), file.path, file.line(of: node.name)
                )
            }
            return .visitChildren
        }
        override func visitPost(_ node: ClassDeclSyntax) { checkedSuites.removeLast() }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.attributes)
            return .visitChildren
        }
        override func visitPost(_ node: StructDeclSyntax) { checkedSuites.removeLast() }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.attributes)
            return .visitChildren
        }
        override func visitPost(_ node: EnumDeclSyntax) { checkedSuites.removeLast() }

        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.attributes)
            return .visitChildren
        }
        override func visitPost(_ node: ActorDeclSyntax) { checkedSuites.removeLast() }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.attributes)
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { checkedSuites.removeLast() }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            if let test = attribute("Test", in: node.attributes), !isLeakChecked(test),
                !checkedSuites.contains(true)
            {
                offence(test, "@Test lacks the .leakChecked trait (on itself or on an enclosing @Suite)")
            }
            return .skipChildren
        }
    }
}
