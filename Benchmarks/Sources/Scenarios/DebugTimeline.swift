import RxCore
import RxDiagrams
import RxDisposables
import RxOperators

#if canImport(Glibc)
    import Glibc
#endif

/// `debug_timeline`: elements from `create` through one recording point into a summing sink,
/// per element: `debug(_:into:)` into a timeline at its capacity (so every event also drops the
/// oldest), against `debug(_:)` printing to a discarded standard output, and against the chain
/// with no point at all.
public enum DebugTimelineScenario {
    static func chain(elements: Int, through point: (Observable<Int>) -> Observable<Int>) -> Int {
        let total = Accumulator()
        let source = Observable<Int>.create { observer in
            for element in 0..<elements {
                observer.onNext(element)
            }
            observer.onCompleted()
            return Disposables.create()
        }
        let subscription = point(source).subscribe(onNext: { total.sum &+= $0 })
        subscription.dispose()
        return total.sum
    }

    static func rx(elements: Int) -> Int {
        let timeline = Timeline(capacity: 10_000)
        return chain(elements: elements) { $0.debug("numbers", into: timeline) }
    }

    static func debugPrinting(elements: Int) -> Int {
        // Standard output goes to /dev/null for the run: the printing is paid, the terminal not.
        fflush(nil)
        let saved = dup(1)
        let discard = open("/dev/null", O_WRONLY)
        dup2(discard, 1)
        close(discard)
        defer {
            fflush(nil)
            dup2(saved, 1)
            close(saved)
        }
        return chain(elements: elements) { $0.debug("numbers") }
    }

    static func floor(elements: Int) -> Int {
        chain(elements: elements) { $0 }
    }

    static func expected(elements: Int) -> Int {
        shiftedSum(count: elements, offset: 0)
    }

    /// What a full timeline keeps: the resident memory that `timelines` timelines of `capacity`
    /// events each add, per event, with each element's text `length` characters long.
    public static func memoryPerEvent(length: Int, timelines: Int = 100, capacity: Int = 10_000) -> Double? {
        guard let before = Soak.residentMiB() else { return nil }
        let text = String(repeating: "x", count: max(0, length - 1))
        var kept: [Timeline] = []
        for _ in 0..<timelines {
            let timeline = Timeline(capacity: capacity)
            let subscription = timeline.subscription(at: "point")
            // Each text a new string, as each element's description is.
            for index in 0..<(capacity + 10) {
                subscription.record(.next(text + String(index % 10)))
            }
            kept.append(timeline)
        }
        guard let after = Soak.residentMiB() else { return nil }
        let events = kept.reduce(0) { $0 + $1.count }
        return (after - before) * 1_048_576 / Double(events)
    }
}
