#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes one line to standard error, where diagnostics belong.
///
/// A system call that takes a buffer: the bytes go to `write` as an array, which Swift passes as
/// a pointer to its elements for the length of the call, and what a partial write left over goes
/// again.
package func printToStandardError(_ message: String) {
    var remaining = Array((message + "\n").utf8)
    while !remaining.isEmpty {
        let written = write(2, remaining, remaining.count)
        guard written > 0 else { return }
        remaining.removeFirst(written)
    }
}
