#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes one line to standard error, where diagnostics belong.
package func printToStandardError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in
        var remaining = UnsafeRawBufferPointer(bytes)
        while !remaining.isEmpty {
            let written = write(2, remaining.baseAddress, remaining.count)
            guard written > 0 else { return }
            remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
        }
    }
}
