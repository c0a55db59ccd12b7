import Foundation
import RxDiagrams
import RxDisposables

/// Where the assertions put the picture of a failure: expected and recorded events drawn one
/// above the other on one axis, the first difference marked, written as an SVG file whose path
/// ends the failure message (and, in Swift Testing, attached to the test).
///
/// Pictures are written only when an assertion fails, so a passing run leaves nothing behind:
/// into `.build/rx-failure-pictures/` when the tests run from a package's folder (as `swift
/// test` does), else into the temporary folder. The environment variable `RX_FAILURE_PICTURES`
/// chooses another folder, or turns them off with `off` (or `0`, `no`, `false`); so does this
/// type's ``isEnabled`` and ``directory``, which win over the environment.
public enum FailurePictures {
    private struct Settings {
        var isEnabled: Bool?
        var directory: String?
        var written: Set<String> = []
    }

    private static let settings = RxMutex(Settings())

    /// The environment's word on pictures: `nil` when it says nothing, `false` for off, or a
    /// folder.
    private static var environment: (enabled: Bool, directory: String?)? {
        guard let value = ProcessInfo.processInfo.environment["RX_FAILURE_PICTURES"], !value.isEmpty else {
            return nil
        }
        if ["0", "off", "no", "false"].contains(value.lowercased()) { return (false, nil) }
        if ["1", "on", "yes", "true"].contains(value.lowercased()) { return (true, nil) }
        return (true, value)
    }

    /// Whether a failing assertion writes a picture: set here, else by `RX_FAILURE_PICTURES`,
    /// else `true`.
    public static var isEnabled: Bool {
        get { settings.withLock { $0.isEnabled } ?? environment?.enabled ?? true }
        set { settings.withLock { $0.isEnabled = newValue } }
    }

    /// The folder pictures go to: set here, else named by `RX_FAILURE_PICTURES`, else
    /// `.build/rx-failure-pictures` under the current folder when it holds a `.build` folder,
    /// else `rx-failure-pictures` in the temporary folder. Set `nil` to go back to that choice.
    public static var directory: String {
        get {
            if let chosen = settings.withLock({ $0.directory }) { return chosen }
            if let named = environment?.directory { return named }
            let here = FileManager.default.currentDirectoryPath
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: here + "/.build", isDirectory: &isFolder), isFolder.boolValue {
                return here + "/.build/rx-failure-pictures"
            }
            return FileManager.default.temporaryDirectory.appendingPathComponent("rx-failure-pictures").path
        }
        set { settings.withLock { $0.directory = newValue } }
    }

    /// Resets ``isEnabled`` and ``directory`` to what the environment says.
    public static func reset() {
        settings.withLock {
            $0.isEnabled = nil
            $0.directory = nil
        }
    }

    /// Writes `difference` for a failure reported at `context`; returns the file's path, or why
    /// it could not be written. A name used before in this process gets a number, so that each
    /// failure of a loop or a parameterised test keeps its own picture.
    static func write(_ difference: MarbleDifference, at context: SourceContext) -> Result<String, any Error> {
        let folder = directory
        let parts = context.reportedFileID.split(separator: "/").map(String.init)
        var stem = parts.joined(separator: "-")
        if stem.hasSuffix(".swift") { stem.removeLast(".swift".count) }
        stem += "-\(context.line)"
        let name = settings.withLock { settings in
            var candidate = stem
            var number = 1
            while settings.written.contains(candidate) {
                number += 1
                candidate = "\(stem)-\(number)"
            }
            settings.written.insert(candidate)
            return candidate
        }
        let path = folder + "/" + name + ".svg"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try difference.write(to: path)
            return .success(path)
        } catch {
            return .failure(error)
        }
    }
}
