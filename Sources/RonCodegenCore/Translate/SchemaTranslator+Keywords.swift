import Foundation

/// The keyword allow-list, annotations (documentation, flags) and small schema predicates.
extension SchemaTranslator {
    static func typeParameters(of node: DocumentValue?) -> [String] {
        guard case .array(let items)? = node?["x-ron-type-parameters"] else { return [] }
        return items.compactMap(\.string)
    }

    static func isSchema(_ node: DocumentValue?) -> Bool {
        guard let node else { return false }
        if case .bool = node { return false }
        return true
    }

    static func documentation(_ node: DocumentValue) -> String? {
        let parts = [node["title"]?.string, node["description"]?.string].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    static func flag(_ node: DocumentValue, _ key: String, at: Location) throws(CodegenError) -> Bool {
        switch node[key] {
        case nil: return false
        case .bool(let value)?: return value
        default: throw at.appending(key).error("\(key) must be true or false")
        }
    }

    static func allow(
        _ node: DocumentValue, _ keys: Set<String>, at: Location, annotations: Bool = true
    ) throws(CodegenError) {
        for (key, _) in node.members ?? [] where !keys.contains(key) && !(annotations && annotationKeys.contains(key)) {
            throw at.appending(key).error("unsupported keyword '\(key)' here")
        }
    }
}
