import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Long runs that check memory stays flat, not speed: many elements through the operators that
/// hand elements between threads, with resident memory sampled as they go.
public enum Soak {
    /// One soak run: what ran, and the resident memory at its start, after a tenth of the
    /// elements, and at its end, before disposal.
    public struct Report: Sendable {
        /// The run's name.
        public let name: String
        /// How many elements went through.
        public let elements: Int
        /// Resident memory in MiB at the start, after a tenth, and at the end (`nil` where unknown).
        public let residentMiB: [Double?]
    }

    /// `observe(on:)` on a concurrent scheduler with a consumer slower than its producer: the
    /// producer stays up to `window` elements ahead, so the operator's queue never empties, and
    /// every element is a class instance that a leak would keep.
    public static func observeOnSlowConsumer(elements: Int, window: Int = 4_096) -> Report {
        let delivered = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        var samples: [Double?] = [residentMiB()]
        let sampleAt = elements / 10
        // `create` runs its closure during `subscribe`, on this thread.
        var captured: AnyObserver<Payload>?
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let subscription = Observable<Payload>.create { observer in
            captured = observer
            return Disposables.create()
        }
        .observe(on: scheduler)
        .subscribe(onNext: { payload in
            // The slow part: some work per element that the producer does not have to do.
            var mixed = payload.value
            for round in 0..<200 {
                mixed = mixed &* 6_364_136_223_846_793_005 &+ round
            }
            if mixed == 42 { print("") }
            if delivered.add(1, ordering: .acquiringAndReleasing).newValue == elements {
                done.signal()
            }
        })
        let observer = captured!
        captured = nil
        for value in 0..<elements {
            while value - delivered.load(ordering: .acquiring) >= window {
                sched_yield()
            }
            observer.onNext(Payload(value))
            if value == sampleAt {
                samples.append(residentMiB())
            }
        }
        done.wait()
        samples.append(residentMiB())
        subscription.dispose()
        return Report(
            name: "observe(on:) on a concurrent scheduler, slow consumer", elements: elements, residentMiB: samples)
    }

    /// `subscribe(on:)` on a concurrent scheduler: the source runs on the scheduler's thread
    /// and sends every element from there.
    public static func subscribeOn(elements: Int) -> Report {
        let done = DispatchSemaphore(value: 0)
        let samples = Mutex<[Double?]>([residentMiB()])
        let sampleAt = elements / 10
        let received = Atomic<Int>(0)
        let subscription = Observable<Payload>.create { observer in
            for value in 0..<elements {
                observer.onNext(Payload(value))
                if value == sampleAt {
                    let sample = residentMiB()
                    samples.withLock { $0.append(sample) }
                }
            }
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .userInitiated))
        .subscribe(
            onNext: { _ in received.add(1, ordering: .relaxed) },
            onCompleted: { done.signal() })
        done.wait()
        let end = residentMiB()
        subscription.dispose()
        let all = samples.withLock { $0 } + [end]
        return Report(
            name: "subscribe(on:) on a concurrent scheduler", elements: received.load(ordering: .relaxed),
            residentMiB: all)
    }

    /// The process's resident memory in MiB, where the platform reports it (Linux).
    static func residentMiB() -> Double? {
        #if canImport(Glibc)
            let descriptor = open("/proc/self/statm", O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: 128)
            let count = read(descriptor, &bytes, bytes.count)
            guard count > 0 else { return nil }
            // The second field is the resident set, in pages.
            let fields = String(decoding: bytes.prefix(count), as: UTF8.self).split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
            return Double(pages * Int(sysconf(Int32(_SC_PAGESIZE)))) / 1_048_576
        #else
            return nil
        #endif
    }
}

/// A soak element: a class instance, so that an element kept by mistake keeps memory.
final class Payload: Sendable {
    let value: Int

    init(_ value: Int) {
        self.value = value
    }
}
