import RxCore
import RxTestHelpers
import RxTestSupport
import Testing

/// The conformance table of RxOperators: every public operator, on observables, infallible
/// sequences and the traits, has a row (or several, one per form worth checking) in the file of
/// its family folder, `<Family>Conformance.swift`. `rx-tools check-operators` reads the rows from
/// those files and fails while an operator has none.
enum OperatorConformance {
    static let rows: [ConformanceRow] =
        creating + transforming + filtering + combining + errorHandling + utilities + time + scheduling
        + multicasting + traits + debugging + infallible
}

/// What every operator promises, checked row by row: disposal at every awkward moment, the event
/// grammar against a source that breaks it, the documented stop on a bad argument, and (the
/// suite's trait) no object left alive.
@Suite(.leakChecked)
struct OperatorConformanceTests {
    @Test(arguments: OperatorConformance.rows)
    func disposalAtAwkwardMomentsStopsAtOnceAndCleansUpOnce(_ row: ConformanceRow) {
        row.assertDisposalAtAwkwardMoments()
    }

    @Test(arguments: OperatorConformance.rows)
    func nothingFollowsATerminalEvent(_ row: ConformanceRow) {
        row.assertEventGrammar()
    }

    @Test(arguments: OperatorConformance.rows.filter { !$0.stops.isEmpty })
    func aBadArgumentStopsTheProgramWithItsDocumentedMessage(_ row: ConformanceRow) async {
        for (index, stop) in row.stops.enumerated() {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                [key = row.key as String, index = index as Int] in
                OperatorConformance.rows.first { $0.key == key && !$0.stops.isEmpty }?.stops[index].call()
            }
            let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(output.contains(stop.message), "\(output)", sourceLocation: row.sourceLocation)
        }
    }

    @Test func rowsThatStopHaveUniqueKeys() {
        let keys = OperatorConformance.rows.filter { !$0.stops.isEmpty }.map(\.key)
        #expect(Set(keys).count == keys.count)
    }
}
