import Dispatch

/// Milliseconds since the clock was made, for printing when real-time events happen.
struct Clock {
    private let start = DispatchTime.now()

    var elapsed: String {
        let milliseconds = (DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
        return "\(milliseconds) ms"
    }
}
