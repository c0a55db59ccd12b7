/// Maps the value characters of a marble diagram to elements and back.
///
/// A character is looked up in the `values` table first; `String` and `Character` elements
/// fall back to the character itself.
struct MarbleValues<Element> {
    let table: [Character: Element]

    init(_ table: [Character: Element]) {
        self.table = table
    }

    /// The element `character` stands for.
    func element(for character: Character) -> Element? {
        if let element = table[character] { return element }
        if let element = String(character) as? Element { return element }
        return character as? Element
    }

    /// Why `character` stands for nothing.
    func missingReason(for character: Character) -> String {
        table.isEmpty
            ? "'\(character)' needs an entry in `values` (only String and Character elements may omit it)"
            : "no entry for '\(character)' in `values`"
    }
}

extension MarbleValues where Element: Equatable {
    /// The character that spells `element`: the first key (in character order) of the table
    /// mapped to it, else a `String` or `Character` element's own letter or digit when the
    /// table does not give that character another meaning.
    func character(for element: Element) -> Character? {
        if let key = table.keys.sorted().first(where: { table[$0] == element }) {
            return key
        }
        let own: Character? =
            if let string = element as? String, string.count == 1 { string.first } else { element as? Character }
        guard let own, own.isLetter || own.isNumber, table[own] == nil else { return nil }
        return own
    }
}
