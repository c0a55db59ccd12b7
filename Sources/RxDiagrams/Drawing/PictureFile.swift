#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a picture could not be written.
public struct PictureFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's path.
    public let path: String
    /// The system's reason.
    public let reason: String

    /// What went wrong, with the path.
    public var description: String { "cannot write \(path): \(reason)" }
}

/// Writes pictures to files with the C library, so that the module needs no Foundation.
enum PictureFile {
    static func write(_ text: String, to path: String) throws(PictureFileError) {
        guard let file = fopen(path, "w") else {
            throw PictureFileError(path: path, reason: String(cString: strerror(errno)))
        }
        var text = text
        let complete = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
        let reason = complete ? nil : String(cString: strerror(errno))
        if fclose(file) != 0 || !complete {
            throw PictureFileError(path: path, reason: reason ?? String(cString: strerror(errno)))
        }
    }
}
