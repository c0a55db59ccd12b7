/// A marble diagram that cannot be read, with the column at fault.
///
/// Its description shows the reason, the diagram, and a caret under the column:
///
/// ```
/// malformed marble diagram: a second terminal event; a sequence ends once
/// --a--|--#
///         ^
/// ```
public struct MarbleDiagramError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The diagram as given.
    public let diagram: String

    /// The zero-based column (in characters) of the offending character; the diagram's
    /// length when something is missing at its end.
    public let column: Int

    /// What is wrong, in a sentence.
    public let reason: String

    /// An error for `diagram` at `column`.
    public init(diagram: String, column: Int, reason: String) {
        self.diagram = diagram
        self.column = column
        self.reason = reason
    }

    /// The reason, then the diagram with a caret under the offending column.
    public var description: String {
        "malformed marble diagram: \(reason)\n\(diagram)\n\(String(repeating: " ", count: column))^"
    }
}
