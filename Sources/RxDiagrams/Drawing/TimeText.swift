/// Times and durations in words for the pictures: nanoseconds as `ms` or `s`, ticks as numbers.
enum TimeText {
    /// What one unit of a picture's times is.
    enum Unit: Equatable {
        case nanoseconds
        case ticks
    }

    /// A duration of `amount` units: `350 ms`, `2.4 s`, `12 ticks`.
    static func duration(_ amount: Int, _ unit: Unit) -> String {
        switch unit {
        case .ticks:
            return amount == 1 ? "1 tick" : "\(amount) ticks"
        case .nanoseconds:
            let value = Double(amount)
            if amount < 1_000 { return "\(amount) ns" }
            if amount < 1_000_000 { return decimal(value / 1_000) + " µs" }
            if amount < 1_000_000_000 { return decimal(value / 1_000_000) + " ms" }
            if amount < 60_000_000_000 { return decimal(value / 1_000_000_000) + " s" }
            let minutes = amount / 60_000_000_000
            let seconds = (amount % 60_000_000_000) / 1_000_000_000
            return seconds == 0 ? "\(minutes) min" : "\(minutes) min \(seconds) s"
        }
    }

    /// Where `time` is on a picture's axis: the tick itself, or the duration since `origin`.
    static func position(_ time: Int, origin: Int, _ unit: Unit) -> String {
        switch unit {
        case .ticks: return "\(time)"
        case .nanoseconds: return time == origin ? "0" : duration(time - origin, unit)
        }
    }

    /// `value` with three significant digits at most and no trailing zeros: 1.25, 12.5, 125.
    private static func decimal(_ value: Double) -> String {
        let decimals = value < 10 ? 2 : value < 100 ? 1 : 0
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = "\(rounded)"
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
