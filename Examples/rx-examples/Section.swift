/// One part of the tour: a name to run it by, a heading, a line for `--list`, and the code.
///
/// The tour prints each section's heading itself (``heading``), and a section's code prints
/// none of its own, so the headings the tour prints are exactly the sections `--list` names.
struct Section: Sendable {
    let name: String
    let title: String
    let summary: String
    let run: @Sendable () -> Void

    /// The line that opens the section in the tour: `== <name>: <title>`, the name being what
    /// `rx-examples <name>` runs.
    var heading: String {
        "== \(name): \(title)"
    }
}

/// Prints the few lines that say what to look for, under the section's heading.
func explain(_ lines: String...) {
    for line in lines {
        print("   \(line)")
    }
    print()
}

/// Prints a line of output, indented under the explanation.
func show(_ line: String) {
    print("   | \(line)")
}
