/// How much of a value is held inline. Swift stores a struct's struct members, and an enum's
/// payloads, inside the value itself, and a debug build writes each type's value witnesses (copy,
/// assign, destroy) and its outlined copies one stored field at a time, through every level held
/// inline: a response type that holds a device, a context and an item, each with twenty members,
/// gets witnesses over all sixty, and so does every type that holds it. That code was a third of
/// the LLVM IR of a published description (spotify: 230k of 675k instructions), and LLVM is most
/// of a debug build's time.
///
/// So after ``boundInlineNesting(_:)``, a member whose struct type holds more than
/// ``inlineSizeLimit`` references inline (strings, arrays, maps and other values that a copy
/// retains, counted through the struct members it holds inline) is stored out of line
/// (``Field/boxed``), required members too; and a union whose largest payload holds that many
/// becomes an `indirect enum`. Small members (a URL object of one string, a pair of numbers) stay
/// inline: boxing them would cost an allocation per value for little smaller code. Measured on the
/// generated targets of two published descriptions (BENCHMARKS.md, "Values held inline"), LLVM IR
/// instructions with nothing boxed for size / with this limit / with every struct member boxed:
/// spotify 675k / 590k / 550k, mastodon 908k / 821k / 794k.
/// The compilers' CPU time moved less than the IR (-1 % to -7 %): LLVM's time at `-Onone` follows
/// the number of functions more than their length. Decoding and encoding speed are unchanged.
extension SchemaTranslator {
    /// The most references a member's struct type, or a union's payload, may hold inline before it
    /// is stored out of line.
    static let inlineSizeLimit = 4

    /// `types` with the members and unions that would hold more than ``inlineSizeLimit``
    /// references inline stored out of line.
    static func boundInlineSize(_ types: [NamedType], limit: Int = inlineSizeLimit) -> [NamedType] {
        var result = types
        var position: [String: Int] = [:]
        for (index, type) in types.enumerated() {
            position[type.name] = index
        }
        /// Each settled type's inline size: the references a copy of it retains.
        var sizes: [String: Int] = [:]

        /// The inline size of a value of `reference`'s type.
        func size(_ reference: TypeReference) -> Int {
            switch reference {
            case .bool, .double, .float, .int, .int8, .int16, .int32, .uint, .uint8, .uint16, .uint32,
                .int64, .uint64, .decimal, .timestamp:
                return 0
            case .string, .bigInteger, .bytes, .json, .array, .map, .typeParameter:
                return 1
            case .named(let name, let arguments):
                // What a generic struct's parameters hold is not known here: one reference.
                return arguments.isEmpty ? settle(name) : 1
            }
        }

        /// Whether storing a member of `reference`'s type out of line makes the holder smaller: a
        /// struct's member (not a generic one), through aliases.
        func isStructure(_ reference: TypeReference, seen: Set<String> = []) -> Bool {
            guard case .named(let name, let arguments) = reference, arguments.isEmpty, !seen.contains(name),
                let index = position[name]
            else { return false }
            switch result[index].shape {
            case .structure(let parameters, _): return parameters.isEmpty
            case .alias(let target): return isStructure(target, seen: seen.union([name]))
            default: return false
            }
        }

        func settle(_ name: String) -> Int {
            if let known = sizes[name] { return known }
            // A loop was made finite before this step (a box, an indirect enum): one reference.
            sizes[name] = 1
            guard let index = position[name] else { return 1 }
            var total = 0
            switch result[index].shape {
            case .structure(let parameters, var fields):
                for offset in fields.indices {
                    guard !fields[offset].boxed else {
                        total += 1
                        continue
                    }
                    let member = size(fields[offset].type)
                    if member > limit, isStructure(fields[offset].type) {
                        fields[offset].boxed = true
                        total += 1
                    } else {
                        total += member
                    }
                }
                result[index].shape = .structure(typeParameters: parameters, fields: fields)
            case .taggedUnion(_, let variants):
                total = boundUnion(index, variants.map { size(.named($0.payload, arguments: [])) })
            case .externallyTagged(let variants), .adjacentlyTagged(_, _, let variants):
                total = boundUnion(index, variants.map { $0.payload.map(size) ?? 0 })
            case .untagged(let variants):
                total = boundUnion(index, variants.map { $0.payload.map(size) ?? 0 })
            case .tuple(let elements):
                total = elements.reduce(0) { $0 + size($1.type) }
            case .alias(let target):
                total = size(target)
            case .newtype(let target):
                total = size(target)
            case .stringEnum, .patternString:
                total = 1
            case .unit:
                total = 0
            }
            sizes[name] = total
            return total
        }

        /// A union's inline size, given its payloads': the largest, unless that is over the limit
        /// (the enum becomes `indirect`, one reference).
        func boundUnion(_ index: Int, _ payloads: [Int]) -> Int {
            if result[index].indirect { return 1 }
            let largest = payloads.max() ?? 0
            guard largest > limit else { return largest }
            result[index].indirect = true
            return 1
        }

        for type in types {
            _ = settle(type.name)
        }
        return result
    }
}
