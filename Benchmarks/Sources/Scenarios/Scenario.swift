/// One measured situation and the implementations that do the same work in it.
///
/// Every side of a scenario receives the same `units` count, does the same per-unit work and
/// returns the same checksum, so a difference in time is a difference in machinery alone.
public struct Scenario: Sendable {
    /// One implementation of a scenario.
    public struct Side: Sendable {
        /// `rx` (this project), `opencombine` (the peer) or `floor` (plain Swift closures).
        public let name: String
        /// Runs `units` units of work and returns a checksum that depends on all of it.
        public let run: @Sendable (_ units: Int) -> Int

        package init(name: String, run: @escaping @Sendable (_ units: Int) -> Int) {
            self.name = name
            self.run = run
        }
    }

    /// The scenario's name, as the table spells it.
    public let name: String
    /// What one unit is (`element`, `chain`, `tick`, ...); results are reported per unit.
    public let unit: String
    /// How many units one measured iteration runs. The harness scales its figures to one unit
    /// for 1,000 and 1,000,000 only; other counts are reported per iteration, and
    /// `Scripts/performance_table.py` divides.
    public let unitsPerIteration: Int
    /// The implementations, project first.
    public let sides: [Side]

    /// The checksum every side must return for `units` units.
    public let expectedChecksum: @Sendable (_ units: Int) -> Int

    package init(
        name: String, unit: String, unitsPerIteration: Int, sides: [Side],
        expectedChecksum: @escaping @Sendable (_ units: Int) -> Int
    ) {
        self.name = name
        self.unit = unit
        self.unitsPerIteration = unitsPerIteration
        self.sides = sides
        self.expectedChecksum = expectedChecksum
    }

    /// This scenario with `peers` placed after its first side (the project's), so that every
    /// listing keeps the order project, peers, bounds and floors.
    package func inserting(peers: [Side]) -> Scenario {
        var sides = sides
        sides.insert(contentsOf: peers, at: 1)
        return Scenario(
            name: name, unit: unit, unitsPerIteration: unitsPerIteration, sides: sides,
            expectedChecksum: expectedChecksum)
    }
}
