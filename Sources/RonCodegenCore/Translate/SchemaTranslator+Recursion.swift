import Foundation

/// A value type that contains itself, other than through an array or a map (which store their
/// elements out of line), cannot be compiled: such schemas are refused at the member that closes
/// the loop, so the generator never writes Swift that fails.
extension SchemaTranslator {
    /// One stored reference from a type to another, and where the schema makes it.
    private struct Edge {
        var target: String
        var pointer: String
    }

    func checkRecursion(_ types: [NamedType]) throws(CodegenError) {
        var edges: [String: [Edge]] = [:]
        for type in types {
            edges[type.name] = Self.inlineReferences(of: type)
        }
        var state: [String: Int] = [:]  // 1: on the current path, 2: done
        func visit(_ name: String, path: [(String, Edge)]) throws(CodegenError) {
            state[name] = 1
            for edge in edges[name] ?? [] {
                switch state[edge.target] {
                case 1?:
                    let loop = (path.map(\.0) + [name, edge.target]).drop { $0 != edge.target }
                    let origin = types.first { $0.name == name }?.origin
                    throw CodegenError(
                        file: origin?.file ?? "", pointer: edge.pointer,
                        message:
                            "'\(name)' contains itself (\(loop.joined(separator: " → "))) other than through an array or a map; a Swift value type cannot hold itself: make one member on the loop an array or a map"
                    )
                case nil:
                    try visit(edge.target, path: path + [(name, edge)])
                default:
                    continue
                }
            }
            state[name] = 2
        }
        for type in types where state[type.name] == nil {
            try visit(type.name, path: [])
        }
    }

    /// The named types a type stores inline (directly or as an optional, not in an array or map).
    private static func inlineReferences(of type: NamedType) -> [Edge] {
        let base = type.origin.pointer
        func named(_ reference: TypeReference?) -> String? {
            if case .named(let name, _)? = reference { return name }
            return nil
        }
        switch type.shape {
        case .structure(_, let fields):
            return fields.compactMap { field in
                named(field.type).map {
                    Edge(target: $0, pointer: base + "/properties/" + Pointer.escape(field.wireName))
                }
            }
        case .taggedUnion(_, let variants):
            return variants.map { Edge(target: $0.payload, pointer: base) }
        case .externallyTagged(let variants), .adjacentlyTagged(_, _, let variants):
            return variants.compactMap { variant in named(variant.payload).map { Edge(target: $0, pointer: base) } }
        case .alias(let reference):
            return named(reference).map { [Edge(target: $0, pointer: base)] } ?? []
        case .stringEnum, .patternString:
            return []
        }
    }
}
