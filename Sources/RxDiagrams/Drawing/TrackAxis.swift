/// The time axis of a track picture: linear within stretches of activity, with each long idle
/// stretch drawn as a fixed-width break, so that seconds of waiting do not push milliseconds of
/// activity off the picture.
///
/// A gap between consecutive times is idle when it is longer than four times the typical gap
/// and than an eighth of the whole span. The typical gap is the median of the gaps between
/// moments: gaps shorter than a two-thousandth of the span (an element passing from one thread to
/// the next, a sub-pixel apart) join their times into one moment and do not count, unless fewer
/// than two gaps are left. The scale is the one at which neighbouring elements of a lane do not
/// touch, within a width budget; elements still too close are stacked by the picture.
struct TrackAxis {
    /// A compressed idle stretch: its times and where its break is drawn.
    struct Break {
        let from: Int
        let to: Int
        let left: Double
        let right: Double
    }

    /// The width of a break between the marks on either side of it, in pixels.
    static let breakWidth = 64.0
    /// The widest the active stretches are drawn together, in pixels.
    static let widestActivity = 1_000.0
    /// The narrowest they are drawn, in pixels, when they hold more than one time.
    static let narrowestActivity = 360.0

    /// The distinct times, ascending, and their x positions.
    private(set) var times: [Int] = []
    private(set) var positions: [Double] = []
    private(set) var breaks: [Break] = []
    /// Pixels per unit of time within an active stretch.
    private(set) var scale = 0.0
    /// The shortest gap drawn as a break, when there is one.
    private(set) var idleThreshold: Int?

    /// Lays out `times` from `x0`.
    ///
    /// - Parameters:
    ///   - neighbours: pairs of times of elements drawn side by side in one lane, with the room
    ///     (pixels) they need between their centres.
    ///   - extents: how far the marks drawn at a time reach left and right of it, so that a
    ///     break starts after them.
    init(
        times given: [Int], neighbours: [(Int, Int, Double)], extents: [Int: (left: Double, right: Double)], x0: Double
    ) {
        times = Array(Set(given)).sorted()
        guard let first = times.first, let last = times.last else { return }
        let gaps = zip(times, times.dropFirst()).map { Self.distance($0, $1) }
        let span = Self.distance(first, last)
        let betweenMoments = gaps.filter { $0 > 0 && $0 >= span / 2_000 }
        let significant = (betweenMoments.count >= 2 ? betweenMoments : gaps.filter { $0 > 0 }).sorted()
        var idle: Int?
        if !significant.isEmpty {
            let typical = significant[significant.count / 2]
            let threshold = max(typical > Int.max / 4 ? Int.max : typical * 4, span / 8)
            if gaps.contains(where: { $0 > threshold }) {
                idle = threshold
            }
        }
        idleThreshold = idle
        let isIdle = { (gap: Int) in idle.map { gap > $0 } ?? false }
        let active = gaps.filter { !isIdle($0) }.reduce(0.0) { $0 + Double($1) }
        if active > 0 {
            // The stretch of each time: a pair in two stretches stands apart across a break.
            var stretch: [Int: Int] = [:]
            var current = 0
            for (index, time) in times.enumerated() {
                if index > 0, isIdle(gaps[index - 1]) { current += 1 }
                stretch[time] = current
            }
            var fit = 0.0
            for (left, right, room) in neighbours where left < right && stretch[left] == stretch[right] {
                fit = max(fit, room / Double(Self.distance(left, right)))
            }
            scale = min(max(fit, Self.narrowestActivity / active), Self.widestActivity / active)
        }
        var x = x0
        positions = [x]
        // How far right the marks drawn so far reach; a terminal mark drawn just after an
        // element (at a slightly later time) reaches past it by its own width.
        var reach = x0
        for (index, gap) in gaps.enumerated() {
            reach = max(reach, x + (extents[times[index]]?.right ?? 0))
            if isIdle(gap) {
                let left = reach + 16
                let right = left + Self.breakWidth
                breaks.append(Break(from: times[index], to: times[index + 1], left: left, right: right))
                x = right + (extents[times[index + 1]]?.left ?? 0) + 6
            } else {
                x += Double(gap) * scale
            }
            positions.append(x)
        }
    }

    /// `right - left`, saturating at `Int.max` (times may lie at both ends of the clock).
    static func distance(_ left: Int, _ right: Int) -> Int {
        let (difference, overflow) = right.subtractingReportingOverflow(left)
        return overflow ? .max : difference
    }

    /// The x of `time`: exact for a laid-out time, interpolated between neighbours otherwise.
    func x(_ time: Int) -> Double {
        guard let firstTime = times.first, let firstX = positions.first else { return 0 }
        if time <= firstTime { return firstX }
        var low = 0
        var high = times.count - 1
        if time >= times[high] { return positions[high] }
        while high - low > 1 {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle } else { high = middle }
        }
        if times[low] == time { return positions[low] }
        let fraction = Double(Self.distance(times[low], time)) / Double(Self.distance(times[low], times[high]))
        return positions[low] + fraction * (positions[high] - positions[low])
    }

    /// The x of the last time.
    var end: Double { positions.last ?? 0 }

    /// The active stretches between breaks: first and last time of each.
    var stretches: [(from: Int, to: Int)] {
        guard let first = times.first, let last = times.last else { return [] }
        var result: [(Int, Int)] = []
        var start = first
        for gap in breaks {
            result.append((start, gap.from))
            start = gap.to
        }
        result.append((start, last))
        return result
    }
}
