import Foundation
import RonCodegenCore

/// The JSON work of the mock's state: ids (compared as text, and made for created items),
/// members set and merged (RFC 7386 JSON merge patch), and the query filters of a list.
enum MockStateValues {
    /// The text of an id (`"i-1"`, `7`), as a path segment says it; `nil` for an object, an array
    /// or `null`.
    static func text(of value: DocumentValue) -> String? {
        switch value {
        case .string(let text): return text
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    /// Whether `value` is the id `text`: the same text, or the same number (`7` and `7.0`).
    static func isId(_ value: DocumentValue?, _ text: String) -> Bool {
        guard let value, let own = Self.text(of: value) else { return false }
        if own == text { return true }
        if case .number = value, let number = Double(own), let other = Double(text) { return number == other }
        return false
    }

    /// The index of the item whose member `member` is the id `text`.
    static func index(of text: String, member: String, in items: [DocumentValue]) -> Int? {
        items.firstIndex { isId($0.member(member), text) }
    }

    /// `object` with its member `key` set to `value` (in its place, else last, or first when
    /// `first`); `object` itself when it is no object.
    static func setting(
        _ key: String, to value: DocumentValue, in object: DocumentValue, first: Bool = false
    ) -> DocumentValue {
        guard case .object(var members) = object else { return object }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else if first {
            members.insert((key, value), at: 0)
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// RFC 7386: `patch` merged into `target` (a member set to `null` is removed; an object merges
    /// member by member; anything else replaces).
    static func mergePatch(_ target: DocumentValue, _ patch: DocumentValue) -> DocumentValue {
        guard case .object(let changes) = patch else { return patch }
        var members: [(key: String, value: DocumentValue)] = []
        if case .object(let own) = target { members = own }
        for change in changes {
            let index = members.firstIndex { $0.key == change.key }
            if change.value == .null {
                if let index { members.remove(at: index) }
            } else if let index {
                members[index].value = mergePatch(members[index].value, change.value)
            } else {
                members.append((change.key, mergePatch(.null, change.value)))
            }
        }
        return .object(members)
    }

    /// The id `text` (a path segment) as an item keeps it: a number for integer ids.
    static func typedId(_ text: String, kind: MockStateModel.IdKind) -> DocumentValue {
        if kind == .integer, Int64(text) != nil { return .number(text) }
        return .string(text)
    }

    /// A new id for an item of `items` (none of which has it) and the counter after it: integers
    /// and text count on from the largest number among the ids and `counter` (text keeps the
    /// prefix the ids share, or that of `example`: `i-1`, `i-2` → `i-3`); a UUID is made of the
    /// counter and `seed`.
    static func newId(
        kind: MockStateModel.IdKind, member: String, items: [DocumentValue], counter: UInt64, seed: UInt64,
        example: String?
    ) -> (id: DocumentValue, counter: UInt64) {
        let ids = items.compactMap { $0.member(member).flatMap(text(of:)) }
        let taken = Set(ids)
        // Text ids that are UUIDs (or whose example is one) get UUIDs too.
        let uuids = ids.isEmpty ? example.map(isUUID) ?? false : ids.allSatisfy(isUUID)
        switch kind == .text && uuids ? .uuid : kind {
        case .uuid:
            var next = counter
            repeat { next += 1 } while taken.contains(uuid(next, seed: seed))
            return (.string(uuid(next, seed: seed)), next)
        case .integer:
            let largest = ids.compactMap { UInt64($0) }.max() ?? 0
            let next = max(largest, counter) + 1
            return (.number(String(next)), next)
        case .text:
            let numbered = ids.compactMap(split)
            let prefix = numbered.first?.prefix ?? example.flatMap(split)?.prefix ?? ""
            let largest = numbered.filter { $0.prefix == prefix }.map(\.number).max() ?? 0
            var next = max(largest, counter) + 1
            while taken.contains(prefix + String(next)) { next += 1 }
            return (.string(prefix + String(next)), next)
        }
    }

    /// Whether `text` is written as a UUID (`8-4-4-4-12` hexadecimal digits).
    static func isUUID(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [8, 4, 4, 4, 12] && parts.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// `i-12` → (`i-`, 12): a text that ends in a number.
    private static func split(_ text: String) -> (prefix: String, number: UInt64)? {
        let digits = text.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 18, let number = UInt64(String(digits.reversed())) else { return nil }
        return (String(text.dropLast(digits.count)), number)
    }

    /// The UUID (version 4 in form) numbered `number`: with seed 0 the number itself
    /// (`00000000-0000-4000-8000-000000000001`), else bits mixed from the seed and the number
    /// (SplitMix64), the same for the same seed.
    static func uuid(_ number: UInt64, seed: UInt64) -> String {
        var high: UInt64 = 0
        var low = number
        if seed != 0 {
            high = mix(seed &+ number &* 0x9E37_79B9_7F4A_7C15)
            low = mix(high ^ number ^ seed)
        }
        high = (high & ~0xF000) | 0x4000
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let hex = hex16(high) + hex16(low)
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }

    private static func hex16(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    /// SplitMix64's finalizer: a number's bits well mixed.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Whether the member `value` matches one of the query `values`: a scalar the same (as text,
    /// or as a number), an array holding one, or holding an object with such a member (a tag's
    /// `name`).
    static func matches(_ value: DocumentValue?, _ values: [String]) -> Bool {
        guard let value else { return false }
        switch value {
        case .array(let elements):
            return elements.contains { element in
                if case .object(let members) = element {
                    return members.contains { matches($0.value, values) && !isContainer($0.value) }
                }
                return matches(element, values)
            }
        case .object: return false
        default: return values.contains { isId(value, $0) }
        }
    }

    private static func isContainer(_ value: DocumentValue) -> Bool {
        switch value {
        case .array, .object: return true
        default: return false
        }
    }
}
