import RxCore
import RxDisposables

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ObservableType {
    /// Prints every subscription, event and disposal that passes, each line stamped with the
    /// local time and `identifier` (by default the file, line and function of this call).
    ///
    /// With `trimOutput`, events longer than 40 characters are shortened in the middle.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function) {
            DebugOutput.write($0)
        }
    }

    /// `debug` writing its lines to `log` instead of standard output, so tests can read them.
    func debug(
        _ identifier: String?, trimOutput: Bool, file: String, line: UInt, function: String,
        log: @escaping (String) -> Void
    ) -> Observable<Element> {
        let name = identifier ?? "\(file.split(separator: "/").last.map(String.init) ?? file):\(line) (\(function))"
        return Debug(source: asObservable(), identifier: name, trimOutput: trimOutput, log: log)
    }
}

/// Where the public `debug` operators print: standard output, unless this package's tests take
/// the lines of the current task (or thread) to read them instead of printing them.
package enum DebugOutput {
    /// Receives the lines instead of standard output while set.
    @TaskLocal package static var redirect: (@Sendable (String) -> Void)?

    static func write(_ line: String) {
        if let redirect {
            redirect(line)
        } else {
            print(line)
        }
    }
}

/// The producer behind `debug`.
final class Debug<Element>: Producer<Element> {
    private let source: Observable<Element>
    let identifier: String
    let trimOutput: Bool
    let log: (String) -> Void

    init(source: Observable<Element>, identifier: String, trimOutput: Bool, log: @escaping (String) -> Void) {
        self.source = source
        self.identifier = identifier
        self.trimOutput = trimOutput
        self.log = log
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = DebugSink(parent: self, observer: observer, cancel: cancel)
        return sink.subscribe(to: source)
    }

    /// Writes one line: time, identifier, what happened.
    func write(_ content: String) {
        log("\(Self.timestamp()): \(identifier) -> \(content)")
    }

    /// Local time as `yyyy-MM-dd HH:mm:ss.SSS`, read from the C library so that the module
    /// needs no date formatter.
    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        localtime_r(&seconds, &parts)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let date =
            "\(padded(Int(parts.tm_year) + 1900, 4))-\(padded(Int(parts.tm_mon) + 1, 2))-\(padded(Int(parts.tm_mday), 2))"
        let time = "\(padded(Int(parts.tm_hour), 2)):\(padded(Int(parts.tm_min), 2)):\(padded(Int(parts.tm_sec), 2))"
        return "\(date) \(time).\(padded(Int(now.tv_nsec) / 1_000_000, 3))"
    }
}

/// Logs what passes through, then forwards it.
final class DebugSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private static var maximumEventLength: Int { 40 }

    private let parent: Debug<Element>

    init(parent: Debug<Element>, observer: Observer, cancel: any Cancelable) {
        self.parent = parent
        parent.write("subscribed")
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let text = "\(event)"
        let shown =
            parent.trimOutput && text.count > Self.maximumEventLength
            ? "\(text.prefix(Self.maximumEventLength / 2))...\(text.suffix(Self.maximumEventLength / 2))"
            : text
        parent.write("Event \(shown)")
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }

    override func dispose() {
        if !isDisposed {
            parent.write("isDisposed")
        }
        super.dispose()
    }
}
