extension Timeline {
    /// The recording as an SVG picture: a row per point (a lane per overlapping subscription),
    /// one time axis with long idle stretches shortened and marked, each element coloured by
    /// the thread or queue it arrived on, with a legend.
    ///
    /// - Parameter title: the heading; by default, how many points and events over how long.
    public func svg(title: String? = nil) -> String {
        TimelineDrawing.svg(snapshot(), title: title)
    }

    /// The recording as a self-contained HTML page: the picture, whose marks name their event
    /// when pointed at, and a table of every event.
    ///
    /// - Parameter title: the page's heading; by default, the picture's.
    public func html(title: String? = nil) -> String {
        TimelineDrawing.html(snapshot(), title: title)
    }

    /// Writes the recording to `path`: an HTML page when the path ends in `.html`, else the
    /// SVG picture.
    ///
    /// - Throws: ``PictureFileError`` when the file cannot be written.
    public func write(to path: String, title: String? = nil) throws(PictureFileError) {
        let text = path.hasSuffix(".html") ? html(title: title) : svg(title: title)
        try PictureFile.write(text, to: path)
    }
}

/// The drawing of a snapshot, apart from the timeline that took it.
enum TimelineDrawing {
    static func svg(_ snapshot: TimelineSnapshot, title: String?) -> String {
        TrackSVG.draw(TimelinePicture.make(snapshot, title: title))
    }

    static func html(_ snapshot: TimelineSnapshot, title: String?) -> String {
        let picture = TimelinePicture.make(snapshot, title: title)
        let svg = TrackSVG.draw(picture)
        let origin = snapshot.events.map(\.time).min() ?? 0
        let unit: TimeText.Unit = snapshot.unit == .ticks ? .ticks : .nanoseconds
        var rows = ""
        for event in snapshot.events.sorted(by: { ($0.time, $0.sequence) < ($1.time, $1.sequence) }) {
            let what: String =
                switch event.kind {
                case .subscribed: "subscribed"
                case .next(let text): "next(\(text))"
                case .error(let text): "error(\(text))"
                case .completed: "completed"
                case .disposed: "disposed"
                }
            let time = unit == .ticks ? "\(event.time)" : TimeText.position(event.time, origin: origin, unit)
            rows +=
                "<tr><td>\(SVGText.escaped(time))</td><td>\(SVGText.escaped(event.point))</td>"
                + "<td>#\(event.subscription)</td><td>\(SVGText.escaped(what))</td>"
                + "<td>\(SVGText.escaped(event.thread))</td></tr>\n"
        }
        let dropped =
            snapshot.droppedCount > 0
            ? "<p>\(snapshot.droppedCount) older events were dropped to keep at most \(snapshot.capacity).</p>\n" : ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="color-scheme" content="light dark">
            <title>\(SVGText.escaped(picture.title))</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:16px;color:#222;background:#fff}
            h1{font-size:18px}h2{font-size:15px;margin-top:24px}
            .picture{overflow-x:auto}
            table{border-collapse:collapse;font:12px ui-monospace,Menlo,Consolas,monospace}
            th,td{text-align:left;padding:2px 10px;border-bottom:1px solid #8883}
            @media (prefers-color-scheme:dark){body{color:#eee;background:#161616}}
            </style>
            </head>
            <body>
            <h1>\(SVGText.escaped(picture.title))</h1>
            <p>Each row is a recording point, each line on it a subscription. Point at a mark to see its \
            event, time and thread. Times are \(unit == .ticks ? "virtual ticks" : "counted from the first event").</p>
            \(dropped)<div class="picture">
            \(svg)</div>
            <h2>Every event</h2>
            <table>
            <thead><tr><th>\(unit == .ticks ? "tick" : "time")</th><th>point</th><th>subscription</th>\
            <th>event</th><th>thread or queue</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>
            </body>
            </html>

            """
    }
}
