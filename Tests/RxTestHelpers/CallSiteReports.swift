import RxCore

/// What a child process of an exit test learns about isolation violations, printed for the
/// parent: the call sites whose closures it reached off their isolation, as a violation's
/// message should name them (`expected: map(_:) at RxOperatorsTests/File.swift:42`), and the
/// messages `Hooks.isolationViolationHandler` received (`reported: ...`), one a line.
///
/// The child knows the sites: `#fileID` and `#line` are read on the line of each operator call.
/// The parent reads them back with ``init(output:)`` and checks each was named.
public struct CallSiteReports: Sendable {
    /// The call sites the child expected a message to name.
    public let expected: [String]
    /// The messages the hook received.
    public let reported: [String]

    /// Installs a hook that keeps each violation's message and returns, so that one child
    /// process sees every violation. Call it in the child, first.
    public static func collect() -> Locked<[String]> {
        let messages = Locked<[String]>([])
        Hooks.isolationViolationHandler = { message in messages.mutate { $0.append(message) } }
        return messages
    }

    /// Waits, in the child, until `messages` holds at least `count` reports (for at most ten
    /// seconds), then prints `sites` and the reports for the parent.
    public static func print(expected sites: [String], after messages: Locked<[String]>) async {
        for _ in 0..<1_000 where messages.value.count < sites.count {
            try? await Task.sleep(for: .milliseconds(10))
        }
        for site in sites {
            Swift.print("expected: \(site)")
        }
        for message in messages.value {
            Swift.print("reported: \(message)")
        }
    }

    /// The sites and reports that ``print(expected:after:)`` wrote in `output`.
    public init(output: String) {
        let lines = output.split(separator: "\n").map(String.init)
        expected = lines.filter { $0.hasPrefix("expected: ") }.map { String($0.dropFirst("expected: ".count)) }
        reported = lines.filter { $0.hasPrefix("reported: ") }.map { String($0.dropFirst("reported: ".count)) }
    }

    /// Whether a reported message ends by naming `site`, as `(map(_:) at File.swift:42)`.
    public func names(_ site: String) -> Bool {
        reported.contains { $0.hasSuffix("(\(site))") }
    }
}
