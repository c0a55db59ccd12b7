import Foundation

/// `rx-tools`: the project's generators and its operator checklist (see scripts/README.md).
let usage = """
    usage: swift run --package-path Tools rx-tools generate [--check] [arity] [twins] [catalog]
               writes every generated file (or the families named), in that order; with --check,
               writes nothing and fails when a committed file is not what it would write
           swift run --package-path Tools rx-tools check-operators
               fails when a public operator has no row in a conformance table, no entry in
               Docs/Operators.md with a `Bad input:` paragraph, or an unguarded `guarding` call
           swift run --package-path Tools rx-tools check-leak-coverage
               fails when an XCTest class does not subclass RxTestCase, or a Swift Testing test
               is not .leakChecked (itself or through its @Suite)
           swift run --package-path Tools rx-tools check-test-layout
               fails when an RxOperators test file has no source file or a source file has no mirror
               test file (Tests/<Module>Tests/<Folder>/<Name>Tests.swift); reports the other modules
               (--all lists their files)
           swift run --package-path Tools rx-tools list-operators
               prints every public operator the checklist sees, with its types and place
    """

func generate(_ arguments: [String]) throws -> Int32 {
    let check = arguments.contains("--check")
    var families = arguments.filter { $0 != "--check" }
    let known = ["arity", "twins", "catalog"]
    if let unknown = families.first(where: { !known.contains($0) }) {
        throw ToolFailure("unknown generator \(unknown); expected some of \(known.joined(separator: ", "))\n\(usage)")
    }
    if families.isEmpty {
        families = known
    }
    var failures: [String] = []
    for family in known where families.contains(family) {
        let wanted: GeneratedFiles
        switch family {
        case "arity": wanted = try arityFiles()
        case "twins": wanted = try IsolationTwins.files()
        case "catalog": wanted = try OperatorCatalog.files()
        default: throw ToolFailure("not yet: \(family)")
        }
        if check {
            let problems = wanted.check()
            failures += problems
            if problems.isEmpty {
                print("\(family): \(wanted.files.count) files, as generated")
            }
        } else {
            let changed = try wanted.write()
            print("\(family): \(wanted.files.count) files, \(changed) changed")
        }
    }
    if !failures.isEmpty {
        for failure in failures { print(failure) }
        print("run `swift run --package-path Tools rx-tools generate` and commit the result")
        return 1
    }
    return 0
}

func arityFiles() throws -> GeneratedFiles {
    var wanted = GeneratedFiles(generator: "arity")
    for (path, text) in ArityOverloads.files() {
        let absolute = Repository.path(path)
        wanted.files[absolute] = try swiftFormatted(text, as: absolute)
    }
    return wanted
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "generate": exit(try generate(Array(arguments.dropFirst())))
    case "check-operators":
        let (gaps, operators, rows) = try OperatorChecklist.gaps()
        for gap in gaps {
            print(gap)
        }
        if !gaps.isEmpty {
            print("rx-tools check-operators: \(gaps.count) gaps in the operator checklist (CONTRIBUTING.md)")
            exit(1)
        }
        print(
            "rx-tools check-operators: \(operators) operators, each with a row of the \(rows) in the conformance"
                + " tables and an entry with its answer to bad input")
        exit(0)
    case "check-leak-coverage":
        let (offences, files) = try LeakCoverage.offences()
        for offence in offences {
            print(offence)
        }
        if !offences.isEmpty {
            exit(1)
        }
        print(
            "rx-tools check-leak-coverage: every XCTest class subclasses RxTestCase and every Swift Testing test"
                + " is .leakChecked (\(files) files)")
        exit(0)
    case "check-test-layout":
        let (findings, files) = try TestLayout.findings()
        let failures = findings.filter(\.fails)
        let pending = findings.filter { !$0.fails && $0.message.hasPrefix("pending:") }
        let notes = findings.filter { !$0.fails && !$0.message.hasPrefix("pending:") }
        for finding in failures {
            print("\(finding.path): error: \(finding.message)")
        }
        for finding in pending {
            print("\(finding.path): warning: \(finding.message)")
        }
        if arguments.contains("--all") {
            for finding in notes {
                print("\(finding.path): note: \(finding.message)")
            }
        } else {
            let perModule = Dictionary(grouping: notes) { note -> String in
                let folder = note.path.split(separator: "/")[1]
                return folder.hasSuffix("Tests") ? String(folder.dropLast("Tests".count)) : String(folder)
            }
            for (module, notes) in perModule.sorted(by: { $0.key < $1.key }) {
                let sources = notes.filter { $0.path.hasPrefix("Sources/") }.count
                print(
                    "\(module): \(sources) source files without a mirror test file, \(notes.count - sources) test files"
                        + " without a source file (reported, not enforced; --all lists them)")
            }
        }
        if !failures.isEmpty {
            print(
                "rx-tools check-test-layout: \(failures.count) files out of place (CONTRIBUTING.md, Tests mirror Sources)"
            )
            exit(1)
        }
        print(
            "rx-tools check-test-layout: \(TestLayout.strictModules.sorted().joined(separator: ", ")) mirrors its"
                + " sources (\(files) test files read), \(pending.count) known gaps pending")
        exit(0)
    case "list-operators":
        for op in try PublicOperator.all() {
            print("\(op.hosts.map(\.rawValue).joined(separator: "|"))\t\(op.name)\t\(op.location)")
        }
    default:
        print(usage)
        exit(arguments.first == "--help" ? 0 : 2)
    }
} catch {
    FileHandle.standardError.write(Data("rx-tools: \(error)\n".utf8))
    exit(1)
}
