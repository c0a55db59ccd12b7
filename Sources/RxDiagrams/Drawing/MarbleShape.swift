/// The marks every picture draws the same way, centred on the origin of their group: a marble
/// for an element, a bar for completion, a cross for an error, a dashed bar for a disposal.
///
/// The gallery, the timelines and the failing-test pictures all draw with these, so that a mark
/// means the same thing in each.
enum MarbleShape {
    /// The width of one character of a marble's text, in pixels (monospace, 12 px).
    static let characterWidth = 7.3

    /// Half the width of a value's marble: a circle for one or two characters, else a pill.
    static func halfWidth(_ value: String) -> Int {
        value.count <= 2 ? 12 : Int(Double(value.count) * characterWidth / 2) + 8
    }

    /// The colour of a value: that of its first letter or digit, so `a`, `A` and `a1` match.
    static func palette(_ value: String) -> Int {
        guard
            let scalar = value.lowercased().unicodeScalars.first(where: {
                $0.properties.isAlphabetic || ("0"..."9").contains($0)
            })
        else { return 7 }
        let base: UInt32 = ("0"..."9").contains(scalar) ? 48 : 97
        return Int((scalar.value &- base) % 8)
    }

    /// An element's marble filled with the colour class `fill` (`p0` to `p7`), its text inside.
    static func marble(_ value: String, fill: String) -> String {
        let half = halfWidth(value)
        let shape =
            value.count <= 2
            ? "<g class=\"v\"><circle class=\"\(fill)\" r=\"12\"/>"
            : "<g class=\"v\"><rect class=\"\(fill)\" x=\"-\(half)\" y=\"-12\" width=\"\(2 * half)\" height=\"24\" rx=\"12\"/>"
        return shape + "<text y=\"4\">\(SVGText.escaped(value))</text></g>"
    }

    /// Completion: a tall bar.
    static let completion = "<path class=\"c\" d=\"M0 -16V16\"/>"
    /// An error: a red cross.
    static let error = "<path class=\"x\" d=\"M-7 -7L7 7M-7 7L7 -7\"/>"
    /// A subscription disposed before its end: a dashed bar.
    static let disposal = "<path class=\"d\" d=\"M0 -12V12\"/>"
    /// A subscription that starts later than the picture: a short bar.
    static let subscription = "<path class=\"k\" d=\"M0 -7V7\"/>"
}
