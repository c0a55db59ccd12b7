// rx-marbles: runs every operator's marble example on a TestScheduler and draws what it records.
//
//     swift run rx-marbles           rewrites Docs/Marbles/*.svg, Docs/Marbles.md, the DocC copies,
//                                    and adds missing picture lines to Docs/Operators.md and
//                                    Docs/Subjects.md
//     swift run rx-marbles --check   changes nothing; exits 1 when any of them differs from what
//                                    it would write, or when an example's output differs from its
//                                    expected diagram
//     swift run rx-marbles --live    also runs Docs/Debugging.md's search box for real (about eight
//                                    seconds, on the main thread and a queue) and rewrites its
//                                    picture and page, which --check only requires to exist
import Foundation
import RxDiagrams
import RxMarbleExamples

let check = CommandLine.arguments.dropFirst().contains("--check")
let live = CommandLine.arguments.dropFirst().contains("--live")
let started = Date()
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
    FileHandle.standardError.write(Data("rx-marbles: run it from the package's root folder\n".utf8))
    exit(2)
}

var problems: [String] = []
var files: [(path: String, text: String)] = []
var recordings: [MarbleRecording] = []
for example in MarbleExample.all {
    do {
        let recording = try MarbleRecording(example)
        if let mismatch = recording.mismatch {
            problems.append("\(example.name): the output differs from the example's expected diagram\n\(mismatch)")
        }
        recordings.append(recording)
    } catch {
        problems.append("\(example.name): \(error)")
    }
}
for recording in recordings {
    let svg = MarbleSVG.draw(recording.diagram)
    files.append((MarbleDocuments.svgPath(recording.example), svg))
    files.append((MarbleDocuments.doccPath(recording.example), svg))
}
// Docs/Debugging.md's pictures: the search box recorded in virtual time, and a failing test.
files.append(("Docs/Debugging/search-virtual-time.svg", SearchTimeline.recordInVirtualTime().svg()))
if let difference = FailingTestPicture.difference() {
    files.append(("Docs/Debugging/failing-marble-test.svg", difference.svg()))
} else {
    problems.append("FailingTestPicture: the test it draws no longer fails")
}
// A live run differs from run to run: drawn on request, and only required to exist.
let livePaths = ["Docs/Debugging/search-live.svg", "Docs/Debugging/search-live.html"]
if live && !check {
    let timeline = SearchTimeline.recordLive(lastWord: 6_000)
    let title = "The search box, live: 6 points, \(timeline.count) events"
    files.append((livePaths[0], timeline.svg(title: title)))
    files.append((livePaths[1], timeline.html(title: title)))
}
for path in livePaths where !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
    if check || !live {
        problems.append("\(path) is missing; run `swift run rx-marbles --live`")
    }
}
files.append((MarbleDocuments.galleryPath, MarbleDocuments.gallery(MarbleExample.all)))
files.append((MarbleDocuments.doccGalleryPath, MarbleDocuments.doccGallery(MarbleExample.all)))
files += MarbleDocuments.doccSymbolPages(MarbleExample.all)

for path in MarbleDocuments.documents(MarbleExample.all) {
    let document = (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    switch MarbleDocuments.addingPictures(MarbleExample.all, to: document, at: path) {
    case .success(let text): files.append((path, text))
    case .failure(let failure): problems.append(failure.message)
    }
}

// Pictures no example draws any more.
let expected = Set(files.map(\.path))
for (folder, suffix) in [
    (MarbleDocuments.svgFolder, ".svg"), (MarbleDocuments.doccFolder, ".svg"),
    (MarbleDocuments.doccSymbolFolder, ".md"),
] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
    for name in names.sorted() where name.hasSuffix(suffix) && !expected.contains("\(folder)/\(name)") {
        if check {
            problems.append("\(folder)/\(name): no example draws it; run `swift run rx-marbles`")
        } else {
            try? FileManager.default.removeItem(at: root.appendingPathComponent("\(folder)/\(name)"))
        }
    }
}

var changed = 0
for file in files {
    let url = root.appendingPathComponent(file.path)
    let current = try? String(contentsOf: url, encoding: .utf8)
    guard current != file.text else { continue }
    changed += 1
    if check {
        problems.append("\(file.path): differs from what the examples draw now; run `swift run rx-marbles`")
        continue
    }
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.text.write(to: url, atomically: true, encoding: .utf8)
    } catch {
        problems.append("\(file.path): \(error)")
    }
}

let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
print(
    "rx-marbles: \(recordings.count) examples, \(files.count) files, \(changed) \(check ? "differ" : "written") in \(seconds)s"
)
for problem in problems {
    FileHandle.standardError.write(Data("rx-marbles: \(problem)\n".utf8))
}
exit(problems.isEmpty ? 0 : 1)
