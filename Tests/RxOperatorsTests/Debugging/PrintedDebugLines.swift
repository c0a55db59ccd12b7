import RxOperators
import RxTestHelpers

/// What the public `debug` operators print while `body` runs, taken instead of printed, each line
/// without its timestamp: a test of the printing spelling checks its output and keeps
/// `swift test` quiet.
func printedDebugLines(_ body: () throws -> Void) rethrows -> [String] {
    let lines = Locked<[String]>([])
    let redirect: @Sendable (String) -> Void = { line in lines.mutate { $0.append(line) } }
    try DebugOutput.$redirect.withValue(redirect, operation: body)
    // The stamp is `yyyy-MM-dd HH:mm:ss.SSS: `, 25 characters.
    return lines.value.map { String($0.dropFirst(25)) }
}
