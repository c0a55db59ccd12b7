import Foundation
import SwiftSyntax

/// The part of CONTRIBUTING.md's operator checklist that a program can check:
///
/// - every public operator (``PublicOperator``: on observables, infallible sequences, `Single`,
///   `Maybe`, `Completable`, drivers and signals) has a row in a conformance table, a row on its
///   type whose name names the operator and whose code calls it;
/// - every public operator has an entry in `Docs/Operators.md` with its answer to bad input on a
///   paragraph starting `Bad input:`, and an operator whose answer is to stop the program has a
///   row that checks that stop;
/// - every call of `HandlerIsolation.guarding` in `Sources/` is made only for an isolated
///   closure, in the form `isolation.isNonisolated ? f : isolation.guarding(f, "…")` (passed
///   through `guarding` and back, even a nonisolated closure comes out wrapped in two thunks);
/// - the code CONTRIBUTING.md's "Adding an operator" teaches is real: each of its blocks is, line
///   for line (indentation aside), in the example operator's source, tests or row.
enum OperatorChecklist {
    /// The folders whose `*.swift` files hold the conformance tables.
    static let tableFolders = ["Tests/RxOperatorsTests/Conformance", "Tests/RxCocoaTraitsTests/Conformance"]

    /// The files CONTRIBUTING.md's example is taken from, by the language of its blocks.
    static let exampleFiles = [
        "swift": [
            "Sources/RxOperators/Filtering/ElementAt.swift", "Tests/RxOperatorsTests/Filtering/ElementAtTests.swift",
            "Tests/RxOperatorsTests/Conformance/FilteringConformance.swift",
        ],
        "markdown": ["Docs/Operators.md"],
    ]

    /// Runs the checks; returns the gaps, one line each.
    static func gaps() throws -> (gaps: [String], operators: Int, rows: Int) {
        let operators = try PublicOperator.all()
        let rows = try readRows()
        let entries = try DocumentedEntries()
        var gaps: [String] = []
        for op in operators {
            let hosts = op.hosts.map { ".\($0.rawValue)" }.joined(separator: " or ")
            let own = rows.filter { op.hosts.contains($0.host) && $0.names(op.name) }
            if own.isEmpty {
                gaps.append("\(op.name) on \(hosts) (\(op.location)): no row of a conformance table names it")
            } else if !own.contains(where: { $0.calls.contains(op.name) }) {
                gaps.append("\(op.name) on \(hosts): its row at \(own[0].location) does not call it")
            }
            switch entries.answer(for: op) {
            case .none:
                gaps.append("\(op.name) on \(hosts) (\(op.location)): no entry in Docs/Operators.md names it")
            case .some(nil):
                gaps.append(
                    "\(op.name) on \(hosts) (\(op.location)): its entry in Docs/Operators.md has no `Bad input:` paragraph"
                )
            case .some(let answer?):
                gaps += stopGaps(op, hosts: hosts, answer: answer, rows: own)
            }
        }
        gaps += try unguardedGuardingCalls()
        gaps += try staleExamples()
        return (gaps, operators.count, rows.count)
    }

    /// Where the answer to bad input is to stop the program, a row must check that stop: each
    /// message the answer quotes for this operator (`take(_:): count must not be negative`) must
    /// begin the message of one of its rows' stops, and an answer that says it stops without
    /// quoting a message needs a row with a stop all the same.
    static func stopGaps(_ op: PublicOperator, hosts: String, answer: String, rows: [Row]) -> [String] {
        let stopMessages = rows.flatMap(\.stopMessages)
        let quoted = answer.matches(of: /[`"]([A-Za-z]+)\(([^`"]*)[`"]/).map { match in
            (name: String(match.output.1), message: String(match.output.0.dropFirst().dropLast()))
        }
        .filter { $0.message.contains("): ") }
        let own = quoted.filter { $0.name == op.name }
        if own.isEmpty {
            let says = answer.contains("stops the program") && quoted.isEmpty
            if says && stopMessages.isEmpty {
                return [
                    "\(op.name) on \(hosts): Docs/Operators.md says a bad argument stops the program; no row checks"
                        + " it with .stopping(message) { bad call }"
                ]
            }
            return []
        }
        return own.filter { quote in !stopMessages.contains { $0.hasPrefix(quote.message) } }.map { quote in
            "\(op.name) on \(hosts): Docs/Operators.md says it stops with \"\(quote.message)\"; no row checks that"
                + " stop with .stopping(message) { bad call }"
        }
    }

    // MARK: The conformance rows

    /// A row of a conformance table, as its source reads.
    struct Row {
        let label: String
        let host: Host
        /// The names the row's code calls (`map`, `asInfallible`, `merge`).
        let calls: Set<String>
        /// The messages of the bad calls it checks.
        let stopMessages: [String]
        let location: String

        /// Whether the row's name names `name` as a word (`materialize().dematerialize()` names both).
        func names(_ name: String) -> Bool {
            label.range(of: "\\b\(NSRegularExpression.escapedPattern(for: name))\\b", options: .regularExpression)
                != nil
        }
    }

    /// Every row of every table: each call of `.passingThrough(…)` or `.creating(…)` in the files
    /// of ``tableFolders``.
    static func readRows() throws -> [Row] {
        var rows: [Row] = []
        for folder in tableFolders {
            for path in Repository.files(under: Repository.path(folder), endingWith: ".swift") {
                let file = try SwiftFile(path: path)
                let finder = RowFinder(file)
                finder.walk(file.tree)
                rows += finder.rows
            }
        }
        return rows
    }

    private final class RowFinder: SyntaxVisitor {
        let file: SwiftFile
        var rows: [Row] = []

        init(_ file: SwiftFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
                ["passingThrough", "creating"].contains(member.declName.baseName.text),
                let label = node.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
            else { return .visitChildren }
            let hostName = node.arguments.first { $0.label?.text == "on" }?.expression
                .as(MemberAccessExprSyntax.self)?.declName.baseName.text
            let calls = CallCollector(viewMode: .sourceAccurate)
            calls.walk(node)
            // `.stopping(…)` calls on this row: the chain of calls whose base it is.
            var stops: [String] = []
            var outer = Syntax(node)
            while let access = outer.parent?.as(MemberAccessExprSyntax.self), access.base?.id == outer.id,
                let call = access.parent?.as(FunctionCallExprSyntax.self)
            {
                if access.declName.baseName.text == "stopping",
                    let message = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?
                        .representedLiteralValue
                {
                    stops.append(message)
                }
                outer = Syntax(call)
            }
            rows.append(
                Row(
                    label: label, host: hostName.flatMap(Host.init(rawValue:)) ?? .observable, calls: calls.names,
                    stopMessages: stops, location: "\(Repository.relative(file.path)):\(file.line(of: node))"))
            return .skipChildren
        }
    }

    /// The names of the functions and methods called inside a piece of code.
    private final class CallCollector: SyntaxVisitor {
        var names = Set<String>()

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
                names.insert(member.declName.baseName.text.trimmingCharacters(in: ["`"]))
            } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                names.insert(reference.baseName.text.trimmingCharacters(in: ["`"]))
            } else if let generic = node.calledExpression.as(GenericSpecializationExprSyntax.self),
                let member = generic.expression.as(MemberAccessExprSyntax.self)
            {
                names.insert(member.declName.baseName.text)
            }
            return .visitChildren
        }

        override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
            .visitChildren
        }
    }

    // MARK: Docs/Operators.md

    /// The `###` entries of `Docs/Operators.md` and the `##` chapters they are in.
    struct DocumentedEntries {
        /// (heading, text up to the next heading, chapter heading).
        let sections: [(heading: String, text: String, chapter: String)]

        /// The chapter that documents each host's own operators, besides the entries named after
        /// an operator.
        static let chapters: [Host: String] = [
            .infallible: "## Infallible", .single: "## Traits", .maybe: "## Traits", .completable: "## Traits",
            .driver: "## Drivers and signals", .signal: "## Drivers and signals",
        ]

        init() throws {
            let text = try Repository.read(Repository.path("Docs/Operators.md"))
            var sections: [(String, String, String)] = []
            var chapter = ""
            var heading: String?
            var body: [String] = []
            func close() {
                if let heading {
                    sections.append((heading, body.joined(separator: "\n"), chapter))
                }
                heading = nil
                body = []
            }
            for line in text.components(separatedBy: "\n") {
                if line.hasPrefix("## ") {
                    close()
                    chapter = line
                } else if line.hasPrefix("### ") {
                    close()
                    heading = line
                } else if heading != nil {
                    body.append(line)
                }
            }
            close()
            self.sections = sections
        }

        /// The operator's answer to bad input: nil when no entry names it, `.some(nil)` when its
        /// entries have no `Bad input:` paragraph, otherwise the paragraph on one line.
        func answer(for op: PublicOperator) -> String?? {
            let name = NSRegularExpression.escapedPattern(for: op.name)
            let chapters = Set(op.hosts.compactMap { Self.chapters[$0] })
            let types = ["Observable"] + op.hosts.map { $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() }
            let qualifiers = "(?:" + types.map { $0 + "\\." }.joined(separator: "|") + ")?"
            let namedInHeading = "`\(qualifiers)\(name)[(`]"
            let own = sections.filter { section in
                if op.hosts.contains(.observable) {
                    return section.heading.range(of: namedInHeading, options: .regularExpression) != nil
                }
                // A trait's or a driver's operator: an entry of its chapter that names it, in its
                // heading or in its text (a chapter may list its operators in a paragraph).
                return chapters.contains(section.chapter)
                    && (section.heading + "\n" + section.text).range(of: namedInHeading, options: .regularExpression)
                        != nil
            }
            guard !own.isEmpty else { return nil }
            // The answer is in the entry, or, for a trait's or a driver's operator, once for its chapter.
            var candidates: [String] = own.map { $0.text }
            if !op.hosts.contains(.observable) {
                candidates += sections.filter { chapters.contains($0.chapter) }.map { $0.text }
            }
            for text in candidates {
                if let answer = Self.badInput(in: text) {
                    return .some(answer)
                }
            }
            return .some(nil)
        }

        /// The `Bad input:` paragraph of `text`, on one line.
        static func badInput(in text: String) -> String? {
            var found: [String] = []
            for line in text.components(separatedBy: "\n") {
                if found.isEmpty {
                    if line.hasPrefix("Bad input: ") {
                        found.append(line)
                    }
                } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
                    break
                } else {
                    found.append(line)
                }
            }
            return found.isEmpty ? nil : found.joined(separator: " ")
        }
    }

    // MARK: The isolation form and the example

    /// Calls of `.guarding(` in `Sources/` not made in the `isNonisolated ? f : guarding(f, …)` form.
    static func unguardedGuardingCalls() throws -> [String] {
        var gaps: [String] = []
        for path in Repository.files(under: Repository.path("Sources"), endingWith: ".swift") {
            let relative = Repository.relative(path)
            if relative == "Sources/RxCore/Concurrency/HandlerIsolation.swift" {
                continue
            }
            let lines = try Repository.read(path).components(separatedBy: "\n")
            for (index, line) in lines.enumerated()
            where line.contains(".guarding(") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if lines[max(0, index - 2)...index].contains(where: { $0.contains("isNonisolated") }) {
                    continue
                }
                gaps.append(
                    "\(relative):\(index + 1): call `guarding` only for an isolated closure"
                        + " (`isolation.isNonisolated ? f : isolation.guarding(f, \"…\")`)")
            }
        }
        return gaps
    }

    private static func normalised(_ text: String) -> String {
        text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    /// The blocks of CONTRIBUTING.md's "Adding an operator" that no example file holds.
    static func staleExamples() throws -> [String] {
        let guide = try Repository.read(Repository.path("CONTRIBUTING.md"))
        guard let start = guide.range(of: "## Adding an operator") else {
            return ["CONTRIBUTING.md: no \"## Adding an operator\" section"]
        }
        var section = String(guide[start.lowerBound...])
        if let end = section.dropFirst().range(of: "\n## ") {
            section = String(section[..<end.lowerBound])
        }
        var stale: [String] = []
        let fence = /(?m)^ *(`{3,})(swift|markdown)\n((?s).*?)^ *\1\s*$/
        for match in section.matches(of: fence) {
            let language = String(match.output.2)
            let wanted = normalised(String(match.output.3))
            let files = exampleFiles[language] ?? []
            let found = try files.contains { normalised(try Repository.read(Repository.path($0))).contains(wanted) }
            if !found {
                let first = wanted.components(separatedBy: "\n").first ?? ""
                stale.append(
                    "CONTRIBUTING.md: the \(language) block starting `\(first)` is not in"
                        + " \(files.joined(separator: " or "))")
            }
        }
        return stale
    }
}
