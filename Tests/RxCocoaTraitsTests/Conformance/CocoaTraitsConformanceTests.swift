import RxCocoaTraits
import RxCore
import RxTestHelpers
import RxTestSupport
import Testing

/// The conformance table of RxCocoaTraits: every public operator of drivers and signals, and the
/// conversions to them, has a row in `SharedSequenceConformance.swift`. `rx-tools check-operators`
/// reads the rows from there and fails while an operator has none.
enum CocoaTraitsConformance {
    static let rows: [ConformanceRow] = sharedSequence
}

/// What every operator promises, checked row by row on drivers and signals, whose events go
/// through the sharing scheduler (mocked as the row's test scheduler): disposal at every awkward
/// moment, the event grammar against a source that breaks it, the documented stop on a bad
/// argument, and (the suite's trait) no object left alive.
@Suite(.leakChecked)
struct CocoaTraitsConformanceTests {
    @Test(arguments: CocoaTraitsConformance.rows)
    func disposalAtAwkwardMomentsStopsAtOnceAndCleansUpOnce(_ row: ConformanceRow) {
        row.assertDisposalAtAwkwardMoments()
    }

    @Test(arguments: CocoaTraitsConformance.rows)
    func nothingFollowsATerminalEvent(_ row: ConformanceRow) {
        row.assertEventGrammar()
    }

    @Test(arguments: CocoaTraitsConformance.rows.filter { !$0.stops.isEmpty })
    func aBadArgumentStopsTheProgramWithItsDocumentedMessage(_ row: ConformanceRow) async {
        for (index, stop) in row.stops.enumerated() {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                [key = row.key as String, index = index as Int] in
                CocoaTraitsConformance.rows.first { $0.key == key && !$0.stops.isEmpty }?.stops[index].call()
            }
            let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(output.contains(stop.message), "\(output)", sourceLocation: row.sourceLocation)
        }
    }

    @Test func rowsThatStopHaveUniqueKeys() {
        let keys = CocoaTraitsConformance.rows.filter { !$0.stops.isEmpty }.map(\.key)
        #expect(Set(keys).count == keys.count)
    }
}
