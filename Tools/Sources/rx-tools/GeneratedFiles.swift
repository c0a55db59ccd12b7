import Foundation

/// What a generator wants on disk: the text of each file it writes, and the files of its own kind
/// that should no longer exist.
struct GeneratedFiles {
    /// The generator's name, as `generate` takes it and as messages say it.
    var generator: String
    /// Absolute path to wanted text.
    var files: [String: String] = [:]
    /// Absolute paths of earlier output that nothing generates any more.
    var stale: [String] = []
    /// Further problems that `--check` reports (a hand-written twin, say).
    var problems: [String] = []

    /// The paths whose text on disk differs from the wanted text, sorted.
    func differing() -> [String] {
        files.keys.sorted(by: Repository.bytewise).filter { path in
            (try? Repository.read(path)) != files[path]
        }
    }

    /// Writes what differs and removes what is stale; returns how many files changed.
    func write() throws -> Int {
        let changed = differing()
        for path in changed {
            try Data(files[path]!.utf8).write(to: URL(fileURLWithPath: path))
            print("wrote \(Repository.relative(path))")
        }
        for path in stale {
            try FileManager.default.removeItem(atPath: path)
            print("removed \(Repository.relative(path))")
        }
        return changed.count + stale.count
    }

    /// The lines `--check` prints, one per problem; empty when the committed files are current.
    func check() -> [String] {
        differing().map { "\(Repository.relative($0)): not what `rx-tools generate \(generator)` writes" }
            + stale.map { "\(Repository.relative($0)): nothing generates it any more; delete it" }
            + problems
    }
}

/// Python's `textwrap.wrap(text, width)`, which wrote the committed files first, for text without
/// hyphens: words separated by whitespace, as many on each line as fit in `width` characters; a
/// word longer than `width` is cut where the line is full, and goes on on the next.
func wrap(_ text: String, width: Int) -> [String] {
    // Words and the runs of spaces between them, last first.
    var chunks: [String] = []
    var current = ""
    for character in text.map({ $0.isWhitespace ? " " : $0 }) {
        if let last = current.last, (last == " ") != (character == " ") {
            chunks.append(current)
            current = ""
        }
        current.append(character)
    }
    if !current.isEmpty {
        chunks.append(current)
    }
    chunks.reverse()
    var lines: [String] = []
    while !chunks.isEmpty {
        var line: [String] = []
        var length = 0
        if chunks.last!.allSatisfy({ $0 == " " }) && !lines.isEmpty {
            chunks.removeLast()
        }
        while let chunk = chunks.last, length + chunk.count <= width {
            line.append(chunks.removeLast())
            length += chunk.count
        }
        if let chunk = chunks.last, chunk.count > width {
            let end = chunk.index(chunk.startIndex, offsetBy: max(width - length, 1))
            line.append(String(chunk[..<end]))
            chunks[chunks.count - 1] = String(chunk[end...])
        }
        if let last = line.last, last.allSatisfy({ $0 == " " }) {
            line.removeLast()
        }
        if !line.isEmpty {
            lines.append(line.joined())
        }
    }
    return lines
}

/// `text` wrapped at `width` as `///` lines indented by four spaces.
func docLines(_ text: String, width: Int = 112) -> [String] {
    wrap(text, width: width).map { "    /// " + $0 }
}
