/// One part of the tour: a name to run it by, a line for `--list`, and the code.
struct Section: Sendable {
    let name: String
    let summary: String
    let run: @Sendable () -> Void
}

/// Prints a section's heading and the few lines that say what to look for.
func introduce(_ title: String, _ lines: String...) {
    print("== \(title)")
    for line in lines {
        print("   \(line)")
    }
    print()
}

/// Prints a line of output, indented under the explanation.
func show(_ line: String) {
    print("   | \(line)")
}
