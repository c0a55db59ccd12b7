/// Where an assertion was called, in the forms XCTest and Swift Testing each need.
struct SourceContext: Sendable {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt

    init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// A location known only by path and line, as XCTest passes it. Swift Testing also wants
    /// a module: SwiftPM keeps a target's files in a folder named after it, directly under
    /// `Tests` or `Sources` (the file may sit in subfolders of it), so that folder stands in for
    /// the module; outside such a layout, the file's own folder does.
    init(filePath: StaticString, line: UInt) {
        let components = "\(filePath)".split(separator: "/")
        let module: String
        if let root = components.dropLast(2).lastIndex(where: { $0 == "Tests" || $0 == "Sources" }) {
            module = String(components[root + 1])
        } else {
            module = components.count >= 2 ? String(components[components.count - 2]) : "Unknown"
        }
        let file = components.last.map(String.init) ?? "\(filePath)"
        self.init(fileID: "\(module)/\(file)", filePath: filePath, line: line, column: 1)
    }

    /// The module and file name Swift Testing shows. A helper that forwards only `file:` and
    /// `line:` leaves `fileID` and `column` pointing into itself; the path then wins, with the
    /// module kept and no column.
    var reportedFileID: String {
        let pathName = "\(filePath)".split(separator: "/").last.map(String.init) ?? "\(filePath)"
        let parts = fileID.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return "Unknown/\(pathName)" }
        return parts[1] == pathName ? fileID : "\(parts[0])/\(pathName)"
    }

    var reportedColumn: UInt {
        reportedFileID == fileID ? max(column, 1) : 1
    }
}
