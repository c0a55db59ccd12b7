import Foundation
import SwiftParser
import SwiftSyntax

/// One parsed Swift file of the checkout.
struct SwiftFile {
    /// Absolute path.
    let path: String
    let text: String
    let tree: SourceFileSyntax

    init(path: String) throws {
        self.path = path
        text = try Repository.read(path)
        tree = Parser.parse(source: text)
    }

    /// The module (the folder under `Sources/`) and the rest of the path.
    var sourcesRelative: String {
        let prefix = Repository.path("Sources") + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : Repository.relative(path)
    }

    var module: String {
        String(sourcesRelative.split(separator: "/").first ?? "")
    }

    /// The line (from 1) where `node` starts, its leading trivia left out.
    func line(of node: some SyntaxProtocol) -> Int {
        tree.sourceLocationConverter(path).location(for: node.positionAfterSkippingLeadingTrivia).line
    }
}

extension SourceFileSyntax {
    fileprivate func sourceLocationConverter(_ path: String) -> SourceLocationConverter {
        SourceLocationConverter(fileName: path, tree: self)
    }
}

/// A function or initializer with the context the twins and the checklist need: the declaration
/// (type or extension) it is a member of, at the top level of its file.
struct FunctionDeclaration {
    let file: SwiftFile
    /// A `FunctionDeclSyntax` or an `InitializerDeclSyntax`.
    let node: DeclSyntax
    /// The top-level type or extension it is declared in; nil at the top level.
    let context: DeclSyntax?

    var attributes: AttributeListSyntax {
        node.as(FunctionDeclSyntax.self)?.attributes ?? node.as(InitializerDeclSyntax.self)!.attributes
    }

    var modifiers: DeclModifierListSyntax {
        node.as(FunctionDeclSyntax.self)?.modifiers ?? node.as(InitializerDeclSyntax.self)!.modifiers
    }

    var signature: FunctionSignatureSyntax {
        node.as(FunctionDeclSyntax.self)?.signature ?? node.as(InitializerDeclSyntax.self)!.signature
    }

    var body: CodeBlockSyntax? {
        node.as(FunctionDeclSyntax.self)?.body ?? node.as(InitializerDeclSyntax.self)!.body
    }

    /// `map`, or `init`; backticks left out.
    var name: String {
        guard let function = node.as(FunctionDeclSyntax.self) else { return "init" }
        return function.name.text.trimmingCharacters(in: ["`"])
    }

    var parameters: [FunctionParameterSyntax] {
        Array(signature.parameterClause.parameters)
    }

    /// `name(label:label:)`.
    var selector: String {
        name + "(" + parameters.map { $0.firstName.text + ":" }.joined() + ")"
    }

    var isPublic: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.public) || $0.name.tokenKind == .keyword(.open) }
    }

    var isStatic: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) }
    }

    /// Whether an `@available` attribute deprecates it (or makes it unavailable): a spelling kept
    /// for RxSwift's sake that forwards to the operator it names.
    var isDeprecated: Bool {
        attributes.contains { element in
            guard let attribute = element.as(AttributeSyntax.self),
                attribute.attributeName.trimmedDescription == "available"
            else { return false }
            let arguments = attribute.arguments?.trimmedDescription ?? ""
            return arguments.contains("deprecated") || arguments.contains("unavailable")
                || arguments.contains("renamed")
        }
    }

    /// The extended or declared type's name as written (`ObservableType`, `PrimitiveSequenceType`).
    var contextType: String? {
        guard let context else { return nil }
        if let extensionDecl = context.as(ExtensionDeclSyntax.self) {
            return extensionDecl.extendedType.trimmedDescription
        }
        return context.asProtocol((any NamedDeclSyntax).self)?.name.text
    }

    /// The `where` clause of the extension it is declared in, on one line; empty when none.
    var contextConstraints: String {
        guard let clause = context?.as(ExtensionDeclSyntax.self)?.genericWhereClause else { return "" }
        return clause.trimmedDescription.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// Finds every function and initializer of a file that is declared at the top level or as a
/// member of a top-level type or extension (also inside `#if`); functions inside function
/// bodies, closures and protocols are left out.
final class FunctionCollector: SyntaxVisitor {
    private let file: SwiftFile
    private(set) var found: [FunctionDeclaration] = []

    init(_ file: SwiftFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    static func functions(in file: SwiftFile) -> [FunctionDeclaration] {
        let collector = FunctionCollector(file)
        collector.walk(file.tree)
        return collector.found
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        record(DeclSyntax(node))
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        record(DeclSyntax(node))
        return .skipChildren
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        .skipChildren
    }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        .skipChildren
    }

    private func record(_ node: DeclSyntax) {
        // The outermost type or extension around it.
        var context: DeclSyntax?
        var parent = node.parent
        while let current = parent {
            if let decl = current.as(DeclSyntax.self), decl.asProtocol((any DeclGroupSyntax).self) != nil {
                context = decl
            }
            parent = current.parent
        }
        found.append(FunctionDeclaration(file: file, node: node, context: context))
    }
}

/// `text` on one line, with no space just inside angle brackets (as the Python scanner wrote it).
func tidy(_ text: String) -> String {
    var result = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    result = result.replacingOccurrences(of: #"<\s+"#, with: "<", options: .regularExpression)
    result = result.replacingOccurrences(of: #"\s+>"#, with: ">", options: .regularExpression)
    return result
}
