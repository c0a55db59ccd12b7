import Foundation
import RxDiagrams
import RxMarbleExamples

/// A live run drawn: the search box of Docs/Debugging.md, recorded by `debug(_:into:)` at six
/// points, written as an HTML page.
let timelineSection = Section(
    name: "timeline",
    title: "debug(_:into:): a picture of a live run",
    summary: "debug(_:into:): a search box's live run drawn as a timeline page"
) {
    explain(
        "A search box: keystrokes on the main thread, debounce(300 ms), flatMapLatest over a",
        "callback API answering on its own queue after 900 ms, observe(on: MainScheduler), share.",
        "Each .debug(\"name\", into: timeline) records a row. The second word is typed before the",
        "first search answers, so that search is disposed; then a pause, and a last word (4 s)."
    )
    let timeline = SearchTimeline.recordLive()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rx-examples-timeline.html").path
    do {
        try timeline.write(to: path)
        show("recorded \(timeline.count) events; the picture: \(path)")
    } catch {
        show("recorded \(timeline.count) events, but \(error)")
    }
    print()
}
