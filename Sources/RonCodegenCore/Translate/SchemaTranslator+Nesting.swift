/// How deep struct values nest inline. A Swift struct holds its struct members inline, and an
/// optional member of a struct type that itself holds an optional struct inline makes every copy,
/// comparison and value witness of the outer type walk both levels: the code Swift emits for it
/// grows with the square of the depth (for each level, the cases "both present", "one present",
/// "none"), and so do its compile time and the cost of each copy. So an optional member whose
/// struct type stores an optional struct inline, directly or through its required struct members,
/// is stored out of line (``Field/boxed``, a box behind the same public property): inline optional
/// nesting stays at most two levels deep, and a chain of such types alternates between a member
/// held inline and one held in a box. Required members stay inline; the loops that
/// ``SchemaTranslator/resolveRecursion(_:)`` boxed stay boxed.
extension SchemaTranslator {
    /// `types` with the optional members that would nest optional structs more than two levels
    /// deep stored out of line.
    static func boundInlineNesting(_ types: [NamedType]) -> [NamedType] {
        var result = types
        var position: [String: Int] = [:]
        for (index, type) in types.enumerated() {
            position[type.name] = index
        }
        /// Whether each struct, once its own members are settled, stores an optional struct inline.
        var nests: [String: Bool] = [:]

        /// The struct a member's type names, following aliases; `nil` for anything else (generic
        /// structs included: what their parameters hold is not known here).
        func structure(_ reference: TypeReference, seen: Set<String> = []) -> String? {
            guard case .named(let name, let arguments) = reference, arguments.isEmpty, !seen.contains(name),
                let index = position[name]
            else { return nil }
            switch result[index].shape {
            case .structure(let parameters, _): return parameters.isEmpty ? name : nil
            case .alias(let target): return structure(target, seen: seen.union([name]))
            default: return nil
            }
        }

        func settle(_ name: String) -> Bool {
            if let known = nests[name] { return known }
            // Loops were boxed before this step; this stops a walk that meets one anyway.
            nests[name] = false
            guard let index = position[name], case .structure(let parameters, var fields) = result[index].shape else {
                return false
            }
            var holds = false
            for offset in fields.indices where !fields[offset].boxed {
                guard let inner = structure(fields[offset].type) else { continue }
                let innerNests = settle(inner)
                if fields[offset].isOptional {
                    if innerNests { fields[offset].boxed = true } else { holds = true }
                } else if innerNests {
                    holds = true
                }
            }
            result[index].shape = .structure(typeParameters: parameters, fields: fields)
            nests[name] = holds
            return holds
        }

        for type in types {
            _ = settle(type.name)
        }
        return result
    }
}
