import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An SVG (or any XML) document read into a tree, so that tests check what a picture holds:
/// its marks, their times and positions, its texts.
final class SVGDocument {
    /// One element: its name, attributes, text and children.
    final class Node {
        let name: String
        let attributes: [String: String]
        var text = ""
        var children: [Node] = []

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        /// This element and every element inside it, depth first.
        var all: [Node] { [self] + children.flatMap(\.all) }

        /// The x of a `translate(x,y)` transform.
        var translation: (x: Double, y: Double)? {
            guard let transform = attributes["transform"], transform.hasPrefix("translate(") else { return nil }
            let inside = transform.dropFirst("translate(".count).prefix { $0 != ")" }
            let numbers = inside.split(separator: ",").compactMap { Double($0) }
            return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
        }

        /// The text of this element and its descendants.
        var allText: String { text + children.map(\.allText).joined() }
    }

    let root: Node

    /// Parses `text`; `nil` when it is not well-formed XML.
    init?(_ text: String) {
        let reader = Reader()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = reader
        guard parser.parse(), let root = reader.root else { return nil }
        self.root = root
    }

    /// Every element named `name`.
    func elements(_ name: String) -> [Node] { root.all.filter { $0.name == name } }

    /// Every mark group (an element with a `data-kind`).
    var marks: [Node] { root.all.filter { $0.attributes["data-kind"] != nil } }

    /// The texts of the `<text>` elements.
    var texts: [String] { elements("text").map(\.allText) }

    private final class Reader: NSObject, XMLParserDelegate {
        var root: Node?
        private var stack: [Node] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String]
        ) {
            let node = Node(name: elementName, attributes: attributes)
            stack.last?.children.append(node)
            if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            stack.removeLast()
        }
    }
}
