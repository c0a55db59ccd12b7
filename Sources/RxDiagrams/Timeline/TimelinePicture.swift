/// Turns a ``TimelineSnapshot`` into the track picture that draws it: a row per point, in the
/// order the points first appear, and in each row a lane per subscription, a lane being reused
/// once the subscription on it has ended.
enum TimelinePicture {
    static func make(_ snapshot: TimelineSnapshot, title: String?) -> TrackPicture {
        let events = snapshot.events.sorted { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
        let unit: TimeText.Unit = snapshot.unit == .ticks ? .ticks : .nanoseconds
        let origin = events.first?.time ?? 0
        func when(_ time: Int) -> String {
            unit == .ticks ? "at \(time)" : "at +" + TimeText.position(time, origin: origin, unit)
        }

        var places: [String] = []
        var placeNumbers: [String: Int] = [:]
        var points: [String] = []
        var subscriptionsByPoint: [String: [Int]] = [:]
        struct Subscription {
            var segment = TrackPicture.Segment(start: nil, beganEarlier: true, marks: [])
            var ended: Int?
            var terminated = false
        }
        var subscriptions: [Int: Subscription] = [:]
        for event in events {
            // The legend names the threads of the marks it colours: elements and terminal events.
            if event.kind != .subscribed, event.kind != .disposed, placeNumbers[event.thread] == nil {
                placeNumbers[event.thread] = places.count
                places.append(event.thread)
            }
            if subscriptionsByPoint[event.point] == nil {
                points.append(event.point)
                subscriptionsByPoint[event.point] = []
            }
            if subscriptions[event.subscription] == nil {
                subscriptionsByPoint[event.point, default: []].append(event.subscription)
                subscriptions[event.subscription] = Subscription()
            }
            let place = placeNumbers[event.thread]
            let on = "on \(event.thread), subscription #\(event.subscription)"
            var subscription = subscriptions[event.subscription] ?? Subscription()
            switch event.kind {
            case .subscribed:
                subscription.segment.start = event.time
                subscription.segment.beganEarlier = false
                subscription.segment.startNote = "subscribed \(when(event.time)) \(on)"
            case .next(let text):
                subscription.segment.marks.append(
                    TrackPicture.Mark(
                        time: event.time, kind: .next(text), place: place, note: "\(text) \(when(event.time)) \(on)"))
            case .error(let text):
                subscription.segment.marks.append(
                    TrackPicture.Mark(
                        time: event.time, kind: .error(text), place: place,
                        note: "error: \(text) \(when(event.time)) \(on)"))
                subscription.terminated = true
                subscription.ended = subscription.ended ?? event.time
            case .completed:
                subscription.segment.marks.append(
                    TrackPicture.Mark(
                        time: event.time, kind: .completed, place: place, note: "completed \(when(event.time)) \(on)"))
                subscription.terminated = true
                subscription.ended = subscription.ended ?? event.time
            case .disposed:
                // After a terminal event the disposal is the chain cleaning up; before one, it
                // is what the picture must show: the subscriber gave up.
                if !subscription.terminated, subscription.segment.disposal == nil {
                    subscription.segment.disposal = event.time
                    subscription.segment.disposalNote = "disposed \(when(event.time)) \(on)"
                }
                subscription.ended = subscription.ended ?? event.time
            }
            subscriptions[event.subscription] = subscription
        }

        // Rows in the order the data flows: by each point's first element (an element passes the
        // points of a chain in order, at one time or later), then those without one.
        var firstElement: [String: Int] = [:]
        var firstEvent: [String: Int] = [:]
        for (index, event) in events.enumerated() {
            if firstEvent[event.point] == nil { firstEvent[event.point] = index }
            if case .next = event.kind, firstElement[event.point] == nil { firstElement[event.point] = index }
        }
        points.sort { left, right in
            let leftKey = (firstElement[left] == nil ? 1 : 0, firstElement[left] ?? firstEvent[left] ?? 0)
            let rightKey = (firstElement[right] == nil ? 1 : 0, firstElement[right] ?? firstEvent[right] ?? 0)
            return leftKey < rightKey
        }
        // With a single thread there is nothing to tell apart: elements are coloured by value.
        if places.count == 1 {
            for key in subscriptions.keys {
                for index in subscriptions[key]?.segment.marks.indices ?? 0..<0 {
                    subscriptions[key]?.segment.marks[index].place = nil
                }
            }
        }

        var rows: [TrackPicture.Row] = []
        var sentences: [String] = []
        for point in points {
            var lanes: [(ends: Int?, lane: TrackPicture.Lane)] = []
            var words: [String] = []
            for number in subscriptionsByPoint[point] ?? [] {
                guard let subscription = subscriptions[number] else { continue }
                let segment = subscription.segment
                let begins = segment.start ?? .min
                // A lane holds subscriptions one after another: the first whose last one has
                // ended by the time this one begins.
                if let free = lanes.firstIndex(where: { $0.ends.map { $0 <= begins } ?? false }) {
                    lanes[free].ends = subscription.ended
                    lanes[free].lane.segments.append(segment)
                } else {
                    lanes.append((subscription.ended, TrackPicture.Lane(segments: [segment])))
                }
                words.append(describe(number, segment, when: when))
            }
            rows.append(TrackPicture.Row(label: point, lanes: lanes.map(\.lane)))
            sentences.append("\(point): " + words.joined(separator: "; ") + ".")
        }

        let span = events.last.map { TrackAxis.distance(origin, $0.time) } ?? 0
        let count = events.count
        let heading =
            title
            ?? "Timeline: \(points.count) \(points.count == 1 ? "point" : "points"), \(count) \(count == 1 ? "event" : "events")"
            + (unit == .ticks
                ? " from tick \(origin) to \(events.last?.time ?? origin)" : " over \(TimeText.duration(span, unit))")
        return TrackPicture(
            title: heading, description: sentences.joined(separator: " "), unit: unit, rows: rows, places: places,
            difference: nil,
            dropped: snapshot.droppedCount > 0 ? (snapshot.droppedCount, snapshot.capacity) : nil)
    }

    /// One subscription in words, its first events only.
    private static func describe(_ number: Int, _ lane: TrackPicture.Segment, when: (Int) -> String) -> String {
        var parts: [String] = []
        if let start = lane.start { parts.append("subscription #\(number) subscribed \(when(start))") }
        for mark in lane.marks.prefix(40) {
            switch mark.kind {
            case .next(let text): parts.append("\(text) \(when(mark.time))")
            case .error(let text): parts.append("error \(text) \(when(mark.time))")
            case .completed: parts.append("completed \(when(mark.time))")
            }
        }
        if lane.marks.count > 40 { parts.append("and \(lane.marks.count - 40) more") }
        if let disposal = lane.disposal { parts.append("disposed \(when(disposal))") }
        return parts.joined(separator: ", ")
    }
}
