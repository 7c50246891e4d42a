import Foundation

/// Types that contain each other. A loop through an optional struct member or an enum case is
/// made finite: the member is stored out of line (``Field/boxed``, a box behind the same public
/// property) and the enum becomes `indirect`. A loop only through required, non-null members (or
/// aliases, or tuple elements) describes no finite value and cannot be compiled: it is refused at
/// the member that closes it, so the generator never writes Swift that fails. Arrays and maps store
/// their elements out of line and close no loop.
extension SchemaTranslator {
    /// One stored reference from a type to another, and where the schema makes it.
    private struct Edge {
        var target: String
        var pointer: String
        /// Whether storing it out of line breaks the loop (an optional member, an enum case).
        var breakable: Bool
        /// The struct member that makes it, if any.
        var field: Int?
    }

    /// The types with every loop made finite (boxed members, indirect enums), or the refusal of a
    /// loop that cannot be.
    func resolveRecursion(_ types: [NamedType]) throws(CodegenError) -> [NamedType] {
        var edges: [String: [Edge]] = [:]
        for type in types {
            edges[type.name] = Self.inlineReferences(of: type)
        }
        try refuseUnbreakableLoops(types, edges)
        let component = Self.stronglyConnectedComponents(types.map(\.name), edges)
        let newtypes = Self.selfNamingAliases(types)
        return types.map { type in
            if newtypes.contains(type.name), case .alias(let target) = type.shape {
                var type = type
                type.shape = .newtype(target)
                return type
            }
            var type = type
            // An edge is on a loop when its target reaches back: both ends in one component.
            let loops = (edges[type.name] ?? []).filter { component[$0.target] == component[type.name] }
            guard !loops.isEmpty else { return type }
            if case .structure(let parameters, var fields) = type.shape {
                for edge in loops where edge.breakable {
                    if let index = edge.field { fields[index].boxed = true }
                }
                type.shape = .structure(typeParameters: parameters, fields: fields)
            } else {
                type.indirect = true
            }
            return type
        }
    }

    /// Tarjan's algorithm: a component number per type; two types have the same number when each
    /// reaches the other.
    private static func stronglyConnectedComponents(_ names: [String], _ edges: [String: [Edge]]) -> [String: Int] {
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var stack: [String] = []
        var onStack: Set<String> = []
        var component: [String: Int] = [:]
        var counter = 0
        // Iterative, so a chain of thousands of types does not exhaust the stack: each frame is a
        // type and the next of its edges to look at.
        func connect(_ root: String) {
            var frames: [(name: String, next: Int)] = []
            func open(_ name: String) {
                index[name] = counter
                lowLink[name] = counter
                counter += 1
                stack.append(name)
                onStack.insert(name)
                frames.append((name, 0))
            }
            open(root)
            while let frame = frames.last {
                let outgoing = edges[frame.name] ?? []
                if frame.next < outgoing.count {
                    frames[frames.count - 1].next += 1
                    let target = outgoing[frame.next].target
                    if index[target] == nil {
                        open(target)
                    } else if onStack.contains(target) {
                        lowLink[frame.name] = min(lowLink[frame.name] ?? 0, index[target] ?? 0)
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowLink[parent.name] = min(lowLink[parent.name] ?? 0, lowLink[frame.name] ?? 0)
                }
                guard lowLink[frame.name] == index[frame.name] else { continue }
                let number = component.count
                while let member = stack.popLast() {
                    onStack.remove(member)
                    component[member] = number
                    if member == frame.name { break }
                }
            }
        }
        for name in names where index[name] == nil {
            connect(name)
        }
        return component
    }

    /// The aliases that name themselves through other aliases, arrays, maps or type arguments
    /// (`A = [A]`, `M = [String: N]` with `N = [M]`).
    private static func selfNamingAliases(_ types: [NamedType]) -> Set<String> {
        func mentioned(_ reference: TypeReference) -> [String] {
            switch reference {
            case .array(let element): return mentioned(element)
            case .map(let value): return mentioned(value)
            case .named(let name, let arguments): return [name] + arguments.flatMap(mentioned)
            default: return []
            }
        }
        var aliasEdges: [String: [Edge]] = [:]
        for type in types {
            guard case .alias(let target) = type.shape else { continue }
            aliasEdges[type.name] = mentioned(target).map { Edge(target: $0, pointer: "", breakable: true) }
        }
        let names = types.map(\.name).filter { aliasEdges[$0] != nil }
        let component = stronglyConnectedComponents(
            names, aliasEdges.mapValues { $0.filter { aliasEdges[$0.target] != nil } })
        return Set(
            names.filter { name in
                (aliasEdges[name] ?? []).contains {
                    aliasEdges[$0.target] != nil && component[$0.target] == component[name]
                }
            })
    }

    private func refuseUnbreakableLoops(_ types: [NamedType], _ edges: [String: [Edge]]) throws(CodegenError) {
        var state: [String: Int] = [:]  // 1: on the current path, 2: done
        // Depth-first, iterative: the path is the stack of frames (a type and its next edge).
        let required = edges.mapValues { $0.filter { !$0.breakable } }
        for type in types where state[type.name] == nil {
            var frames: [(name: String, next: Int)] = [(type.name, 0)]
            state[type.name] = 1
            while let frame = frames.last {
                let outgoing = required[frame.name] ?? []
                guard frame.next < outgoing.count else {
                    state[frame.name] = 2
                    frames.removeLast()
                    continue
                }
                frames[frames.count - 1].next += 1
                let edge = outgoing[frame.next]
                switch state[edge.target] {
                case 1?:
                    let path = frames.map(\.name) + [edge.target]
                    let loop = path.drop { $0 != edge.target }
                    let origin = types.first { $0.name == frame.name }?.origin
                    throw CodegenError(
                        file: origin?.file ?? "", pointer: edge.pointer,
                        message:
                            "'\(frame.name)' contains itself (\(loop.joined(separator: " → "))) through required members only, so no finite value has this type: make one member on the loop optional, an array or a map"
                    )
                case nil:
                    state[edge.target] = 1
                    frames.append((edge.target, 0))
                default:
                    continue
                }
            }
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
            return fields.enumerated().compactMap { index, field in
                named(field.type).map {
                    Edge(
                        target: $0, pointer: base + "/properties/" + Pointer.escape(field.wireName),
                        breakable: field.isOptional, field: index)
                }
            }
        case .taggedUnion(_, let variants):
            return variants.map { Edge(target: $0.payload, pointer: base, breakable: true) }
        case .externallyTagged(let variants), .adjacentlyTagged(_, _, let variants):
            return variants.compactMap { variant in
                named(variant.payload).map { Edge(target: $0, pointer: base, breakable: true) }
            }
        case .untagged(let variants):
            return variants.compactMap { variant in
                named(variant.payload).map { Edge(target: $0, pointer: base, breakable: true) }
            }
        case .tuple(let elements):
            return elements.compactMap { element in
                named(element.type).map { Edge(target: $0, pointer: base, breakable: false) }
            }
        case .alias(let reference), .newtype(let reference):
            return named(reference).map { [Edge(target: $0, pointer: base, breakable: false)] } ?? []
        case .stringEnum, .patternString, .unit:
            return []
        }
    }
}
