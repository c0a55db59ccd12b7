/// Maps the value characters of a marble diagram to elements and back.
///
/// A character is looked up in the `values` table first. Without an entry, `String` and
/// `Character` elements fall back to the character itself, and integer elements to the digit's
/// value, so `"-1-2|"` needs no table for `Int`s.
struct MarbleValues<Element> {
    let table: [Character: Element]

    init(_ table: [Character: Element]) {
        self.table = table
    }

    /// The element `character` stands for.
    func element(for character: Character) -> Element? {
        if let element = table[character] { return element }
        if let element = String(character) as? Element { return element }
        if let element = character as? Element { return element }
        guard let digit = Self.digitValue(of: character), let integer = Element.self as? any BinaryInteger.Type else {
            return nil
        }
        return integer.init(digit) as? Element
    }

    /// Why `character` stands for nothing.
    func missingReason(for character: Character) -> String {
        table.isEmpty
            ? "'\(character)' needs an entry in `values` (only String and Character elements, and digits of"
                + " integer elements, may omit it)"
            : "no entry for '\(character)' in `values`"
    }

    /// The value of an ASCII digit; other characters, other scripts' digits included, are not
    /// numbers in a diagram.
    static func digitValue(of character: Character) -> Int? {
        guard character.isASCII else { return nil }
        return character.wholeNumberValue
    }
}

extension MarbleValues where Element: Equatable {
    /// The character that spells `element`: the first key (in character order) of the table
    /// mapped to it, else a `String` or `Character` element's own letter or digit, or an integer
    /// element's digit from 0 to 9, when the table does not give that character another meaning.
    func character(for element: Element) -> Character? {
        if let key = table.keys.sorted().first(where: { table[$0] == element }) {
            return key
        }
        let own: Character? =
            if let string = element as? String, string.count == 1 {
                string.first
            } else if let character = element as? Character {
                character
            } else if let integer = element as? any BinaryInteger {
                Self.digit(integer)
            } else {
                nil
            }
        guard let own, own.isLetter || own.isNumber, table[own] == nil else { return nil }
        return own
    }

    private static func digit<Integer: BinaryInteger>(_ integer: Integer) -> Character? {
        (0...9).contains(integer) ? Character(String(integer)) : nil
    }
}
