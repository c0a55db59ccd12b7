/// A symbol of a marble diagram with the time it stands for (in ticks from the diagram's
/// first character) and the column it was written at.
struct MarbleMark: Equatable, Sendable {
    let time: TestTime
    let symbol: MarbleSymbol
    let column: Int
}
