#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

let sections: [Section] = [
    createSection,
    ofSection,
    nestedSection,
    timerSection,
    threadsSection,
    virtualTimeSection,
    subjectsSection,
    recoverySection,
    combiningSection,
    timeOperatorsSection,
    settingsSection,
    searchSection,
    timelineSection,
]

/// Writes a line to standard error.
func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in
        _ = write(2, bytes.baseAddress, bytes.count)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())

@MainActor
func printUsage() {
    print("usage: rx-examples [--list | <section>...]")
    print("sections:")
    for section in sections {
        let padding = String(repeating: " ", count: max(1, 10 - section.name.count))
        print("  \(section.name)\(padding)\(section.summary)")
    }
}

if arguments == ["--list"] {
    for section in sections {
        print("\(section.name)\t\(section.summary)")
    }
    exit(0)
}
if arguments == ["--help"] || arguments == ["-h"] {
    printUsage()
    exit(0)
}

var chosen: [Section] = []
for name in arguments {
    guard let section = sections.first(where: { $0.name == name }) else {
        let known = sections.map(\.name).joined(separator: ", ")
        printError("rx-examples: unknown section '\(name)'; the sections are: \(known) (see --list)")
        exit(2)
    }
    chosen.append(section)
}
for section in chosen.isEmpty ? sections : chosen {
    print(section.heading)
    section.run()
}
