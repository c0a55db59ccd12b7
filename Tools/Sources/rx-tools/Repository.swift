import Foundation

/// The checkout the tools work on: the folder above `Tools/`, found from this file's own path so
/// that the tools work from any current directory.
enum Repository {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // rx-tools
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // Tools
        .deletingLastPathComponent()

    /// `relative`, a path from the root, as an absolute path.
    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// `path` relative to the root.
    static func relative(_ path: String) -> String {
        let prefix = root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Every file under `folder` (absolute) whose name ends with `suffix`, sorted by path as bytes
    /// (so that the order is the same on every platform and locale).
    static func files(under folder: String, endingWith suffix: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let name = walker.nextObject() as? String {
            if name.hasSuffix(suffix) && !name.split(separator: "/").contains(where: { $0.hasPrefix(".build") }) {
                found.append(folder + "/" + name)
            }
        }
        return found.sorted(by: bytewise)
    }

    /// Orders strings by their UTF-8 bytes, as Python and `sort` in the C locale do.
    static func bytewise(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

/// A failure that ends the tool with a message and a non-zero status.
struct ToolFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Runs a program and returns what it printed; fails with its standard error when it fails.
/// Input and output go through temporary files, so no pipe can fill while the other is waited on.
@discardableResult
func run(_ arguments: [String], input: String? = nil, in directory: String? = nil) throws -> String {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rx-tools-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inputFile = scratch.appendingPathComponent("in")
    let outputFile = scratch.appendingPathComponent("out")
    let errorFile = scratch.appendingPathComponent("err")
    try Data((input ?? "").utf8).write(to: inputFile)
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory {
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
    }
    let standardInput = try FileHandle(forReadingFrom: inputFile)
    let standardOutput = try FileHandle(forWritingTo: outputFile)
    let standardError = try FileHandle(forWritingTo: errorFile)
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError
    try process.run()
    process.waitUntilExit()
    try standardInput.close()
    try standardOutput.close()
    try standardError.close()
    let output = try String(contentsOf: outputFile, encoding: .utf8)
    guard process.terminationStatus == 0 else {
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        throw ToolFailure(
            "`\(arguments.joined(separator: " "))` failed (\(process.terminationStatus)):\n\(output)\(errors)")
    }
    return output
}

/// `text` as `swift format` writes the file at `path` with the project's configuration, so that
/// formatting a generated file again changes nothing.
func swiftFormatted(_ text: String, as path: String) throws -> String {
    try run(
        [
            "swift", "format", "format", "--configuration", Repository.path(".swift-format"), "--assume-filename",
            path,
        ], input: text)
}
