import Foundation
import SwiftSyntax

/// The sequence types whose operators the checklist holds to the conformance table, as a row of
/// the table names them (`on: .single`).
enum Host: String, CaseIterable, Comparable {
    case observable, infallible, single, maybe, completable, driver, signal

    static func < (a: Host, b: Host) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The hosts an extension's members belong to, from the extended type and its `where`
    /// clause; empty for a type that is not a sequence.
    static func hosts(extending type: String, where constraints: String) -> [Host] {
        switch type {
        case "ObservableType", "Observable", "ObservableConvertibleType":
            return [.observable]
        case "InfallibleType", "Infallible":
            return [.infallible]
        case "PrimitiveSequenceType", "PrimitiveSequence":
            if constraints.contains("SingleTrait") { return [.single] }
            if constraints.contains("MaybeTrait") { return [.maybe] }
            if constraints.contains("CompletableTrait") { return [.completable] }
            return [.single, .maybe, .completable]
        case "SharedSequenceConvertibleType", "SharedSequence":
            if constraints.contains("DriverSharingStrategy") { return [.driver] }
            if constraints.contains("SignalSharingStrategy") { return [.signal] }
            return [.driver, .signal]
        default:
            return []
        }
    }
}

/// A public operator: a method (or static method) that a module of operators adds to a sequence
/// type and that returns a sequence.
struct PublicOperator: Hashable {
    /// `take`, for `take(_:)` and `take(while:behavior:)`.
    let name: String
    /// Where a row may check it: any one of these (an operator written once for every trait, or
    /// every sharing strategy, is covered by a row on any of them).
    let hosts: [Host]
    /// `Sources/…/File.swift:line` of its first declaration.
    let location: String

    /// The modules whose operators are checked.
    static let modules = ["RxOperators", "RxCocoaTraits"]

    /// What an operator returns: a sequence of one of the hosts, or something that is subscribed
    /// to like one (a connectable observable, a control property).
    static let sequenceResults = [
        "Observable", "Infallible", "Single", "Maybe", "Completable", "PrimitiveSequence", "SharedSequence",
        "Driver", "Signal", "ConnectableObservable", "ControlEvent", "ControlProperty",
    ]

    /// Every public operator, by host and name, in source order.
    static func all() throws -> [PublicOperator] {
        var found: [String: PublicOperator] = [:]
        var order: [String] = []
        for module in modules {
            let files = Repository.files(under: Repository.path("Sources/\(module)"), endingWith: ".swift")
                .filter { !$0.hasSuffix(IsolationTwins.suffix) }
            for path in files {
                let file = try SwiftFile(path: path)
                for function in FunctionCollector.functions(in: file) {
                    guard function.node.is(FunctionDeclSyntax.self), function.isPublic, !function.isDeprecated,
                        let type = function.contextType
                    else { continue }
                    let hosts = Host.hosts(extending: type, where: function.contextConstraints)
                    guard !hosts.isEmpty, returnsSequence(function) else { continue }
                    let key = "\(hosts.map(\.rawValue)) \(function.name)"
                    if found[key] == nil {
                        order.append(key)
                        found[key] = PublicOperator(
                            name: function.name, hosts: hosts,
                            location: "\(Repository.relative(path)):\(file.line(of: function.node))")
                    }
                }
            }
        }
        return order.map { found[$0]! }
    }

    private static func returnsSequence(_ function: FunctionDeclaration) -> Bool {
        guard let result = function.signature.returnClause?.type.trimmedDescription else { return false }
        let base = result.prefix { $0.isLetter || $0.isNumber }
        return sequenceResults.contains(String(base))
    }
}
