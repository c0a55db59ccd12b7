import Foundation

/// The operator topic groups of `Sources/RxOperators/RxOperators.docc/ObservableType.md`, from the
/// module's symbol graph, so that adding an operator never means editing the catalog by hand.
///
/// The members RxOperators adds to `ObservableType` are read from the symbol graph of a build
/// (extracted with the flags DocC's own plugin uses). Each goes in one list, between the markers
/// of the page (`<!-- generated:begin NAME -->` and `<!-- generated:end NAME -->`); everything
/// outside the markers is written by hand and kept:
///
/// - `operators`: one topic group per family folder of `Sources/RxOperators`, in RxSwift's order,
///   each member in the order of its file and line;
/// - `rxswift-spellings`: the RxSwift signatures kept beside an operator that takes `isolation:`;
/// - `deprecated`: the spellings marked deprecated (RxSwift 5's names).
///
/// A name that several members share gets DocC's disambiguation: the symbol kind when that alone
/// tells them apart, otherwise the hash DocC derives from the symbol's precise identifier, so
/// every link resolves to the symbol it was written for (the docs step fails on one that does not).
enum OperatorCatalog {
    static let page = "Sources/RxOperators/RxOperators.docc/ObservableType.md"
    static let observableType = "s:6RxCore14ObservableTypeP"

    /// Family folders in the order of RxSwift's documentation (ReactiveX's operator categories),
    /// with the heading of each one's topic group. A folder missing here fails the generator, so a
    /// new family gets a deliberate heading and place.
    static let families = [
        ("Creating", "Creating observables"),
        ("Transforming", "Transforming elements"),
        ("Filtering", "Filtering elements"),
        ("Combining", "Combining observables"),
        ("ErrorHandling", "Handling errors"),
        ("Utilities", "Utilities and conditions"),
        ("Time", "Time"),
        ("Scheduling", "Scheduling"),
        ("Multicasting", "Sharing one subscription"),
        ("Traits", "Turning an observable into a trait"),
        ("Infallible", "Turning an observable into an infallible sequence"),
        ("Concurrency", "Swift concurrency"),
        ("Debugging", "Debugging"),
    ]
    /// Labels that the RxSwift twin of an operator leaves out.
    static let addedLabels: Set<String> = ["isolation:", "file:", "line:"]

    struct Member {
        let title: String
        let kind: String
        let identifier: String
        /// Relative to `Sources/RxOperators/`.
        let file: String
        let line: Int
        let deprecated: Bool
        var link = ""
    }

    /// The page as it should be. The scratch path is the build folder whose modules are read
    /// (`CATALOG_SCRATCH_PATH`, by default `.build`, the one `swift build` and `swift test` use).
    static func files() throws -> GeneratedFiles {
        var members = try readMembers(symbolGraph())
        guard !members.isEmpty else {
            throw ToolFailure("no members of ObservableType in RxOperators' symbol graph")
        }
        link(&members)
        let path = Repository.path(page)
        var text = try Repository.read(path)
        for (name, lines) in try sections(members) {
            let begin = "<!-- generated:begin \(name) -->"
            let end = "<!-- generated:end \(name) -->"
            let parts = text.components(separatedBy: begin)
            guard parts.count == 2, parts[1].components(separatedBy: end).count == 2 else {
                throw ToolFailure("\(page) must hold the markers \(begin) and \(end) once each")
            }
            let after = parts[1].components(separatedBy: end)[1]
            text = parts[0] + begin + "\n" + lines.joined(separator: "\n") + "\n" + end + after
        }
        var wanted = GeneratedFiles(generator: "catalog")
        wanted.files[path] = text
        return wanted
    }

    // MARK: Reading the symbol graph

    private static func symbolGraph() throws -> [String: Any] {
        let root = Repository.root.path
        let scratch = ProcessInfo.processInfo.environment["CATALOG_SCRATCH_PATH"] ?? Repository.path(".build")
        do {
            try run(["swift", "build", "--scratch-path", scratch, "--target", "RxOperators"], in: root)
        } catch {
            throw ToolFailure("RxOperators does not build:\n\(error)")
        }
        let bin = try run(["swift", "build", "--scratch-path", scratch, "--show-bin-path"], in: root)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let info = try json(run(["swift", "-print-target-info"]))
        let paths = info["paths"] as! [String: Any]
        let target = info["target"] as! [String: Any]
        let resources = URL(fileURLWithPath: paths["runtimeResourcePath"] as! String)
        var extract = resources.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("bin/swift-symbolgraph-extract").path
        if !FileManager.default.isExecutableFile(atPath: extract) {
            extract = "swift-symbolgraph-extract"
        }
        let graphs = FileManager.default.temporaryDirectory.appendingPathComponent("rx-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: graphs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: graphs) }
        // The flags of the docs step, so that the identifiers are the ones docc sees.
        try run(
            [
                extract, "-module-name", "RxOperators", "-target", target["triple"] as! String,
                "-I", bin + "/Modules", "-I", bin, "-module-cache-path", bin + "/ModuleCache",
                "-minimum-access-level", "public", "-emit-extension-block-symbols", "-skip-inherited-docs",
                "-output-dir", graphs.path,
            ], in: root)
        return try json(
            String(contentsOf: graphs.appendingPathComponent("RxOperators@RxCore.symbols.json"), encoding: .utf8))
    }

    private static func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    /// The members RxOperators adds to ObservableType, in the order of their files and lines.
    private static func readMembers(_ graph: [String: Any]) throws -> [Member] {
        let sources = Repository.path("Sources/RxOperators") + "/"
        var symbols: [String: [String: Any]] = [:]
        for symbol in graph["symbols"] as! [[String: Any]] {
            symbols[(symbol["identifier"] as! [String: Any])["precise"] as! String] = symbol
        }
        let relationships = graph["relationships"] as! [[String: Any]]
        let blocks = Set(
            relationships.filter { $0["kind"] as? String == "extensionTo" && $0["target"] as? String == observableType }
                .map { $0["source"] as! String })
        var found: [Member] = []
        for relationship in relationships
        where relationship["kind"] as? String == "memberOf" && blocks.contains(relationship["target"] as! String) {
            let symbol = symbols[relationship["source"] as! String]!
            let names = symbol["names"] as! [String: Any]
            let location = symbol["location"] as! [String: Any]
            var path = location["uri"] as! String
            if path.hasPrefix("file://") {
                path.removeFirst("file://".count)
            }
            guard path.hasPrefix(sources) else {
                throw ToolFailure("\(names["title"]!) is declared outside Sources/RxOperators: \(path)")
            }
            let availability = symbol["availability"] as? [[String: Any]] ?? []
            found.append(
                Member(
                    title: names["title"] as! String,
                    kind: String(
                        ((symbol["kind"] as! [String: Any])["identifier"] as! String).trimmingPrefix("swift.")),
                    identifier: (symbol["identifier"] as! [String: Any])["precise"] as! String,
                    file: String(path.dropFirst(sources.count)),
                    line: (location["position"] as! [String: Any])["line"] as! Int,
                    deprecated: availability.contains {
                        $0["isUnconditionallyDeprecated"] as? Bool == true || $0["deprecated"] != nil
                    }))
        }
        return found.sorted {
            if $0.file != $1.file { return Repository.bytewise($0.file, $1.file) }
            if $0.line != $1.line { return $0.line < $1.line }
            return Repository.bytewise($0.title, $1.title)
        }
    }

    // MARK: Writing the lists

    /// DocC's disambiguation hash of a symbol: FNV-1 of its precise identifier, folded to 24 bits,
    /// in base 36.
    static func doccHash(_ identifier: String) -> String {
        var value: UInt32 = 2_166_136_261
        for byte in identifier.utf8 {
            value = (value &* 16_777_619) ^ UInt32(byte)
        }
        return String((value >> 24) ^ (value & 0xFF_FFFF), radix: 36)
    }

    /// Each member's symbol link, disambiguated where its name is shared.
    private static func link(_ members: inout [Member]) {
        var byTitle: [String: [Int]] = [:]
        for (index, member) in members.enumerated() {
            byTitle[member.title, default: []].append(index)
        }
        for overloads in byTitle.values {
            var kinds: [String: Int] = [:]
            for index in overloads {
                kinds[members[index].kind, default: 0] += 1
            }
            for index in overloads {
                let member = members[index]
                if overloads.count == 1 {
                    members[index].link = "``\(member.title)``"
                } else if kinds[member.kind] == 1 {
                    members[index].link = "``\(member.title)-\(member.kind)``"
                } else {
                    members[index].link = "``\(member.title)-\(doccHash(member.identifier))``"
                }
            }
        }
    }

    /// `take(_:isolation:)` as its name and labels, leaving out `leavingOut`.
    private static func labels(_ title: String, leavingOut: Set<String> = []) -> [String] {
        let name = title.prefix { $0 != "(" }
        let rest = title.dropFirst(name.count)
        let found = rest.matches(of: /[A-Za-z_]*:/).map { String(rest[$0.range]) }
        return [String(name)] + found.filter { !leavingOut.contains($0) }
    }

    private static func hasAddedLabel(_ title: String) -> Bool {
        labels(title).dropFirst().contains { addedLabels.contains($0) }
    }

    /// The generated lists, by marker name, in the page's order.
    private static func sections(_ members: [Member]) throws -> [(String, [String])] {
        let withAddedLabels = Set(
            members.filter { hasAddedLabel($0.title) }.map { labels($0.title, leavingOut: addedLabels) })
        var groups: [String: [Member]] = [:]
        var twins: [Member] = []
        var deprecated: [Member] = []
        for member in members {
            if member.deprecated {
                deprecated.append(member)
            } else if !hasAddedLabel(member.title) && withAddedLabels.contains(labels(member.title)) {
                twins.append(member)
            } else {
                groups[String(member.file.prefix { $0 != "/" }), default: []].append(member)
            }
        }
        let unknown = Set(groups.keys).subtracting(families.map(\.0)).sorted()
        if !unknown.isEmpty {
            throw ToolFailure(
                "no topic group heading for the family folder(s) \(unknown.joined(separator: ", ")): add them to"
                    + " OperatorCatalog.families")
        }
        var operators: [String] = []
        for (folder, heading) in families {
            if let members = groups[folder], !members.isEmpty {
                operators += ["### \(heading)", ""] + members.map { "- \($0.link)" } + [""]
            }
        }
        return [
            ("operators", Array(operators.dropLast())),
            ("rxswift-spellings", twins.map { "- \($0.link)" }),
            ("deprecated", deprecated.map { "- \($0.link)" }),
        ]
    }
}
