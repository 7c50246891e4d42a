import Foundation

/// Which members of a decoded object were absent (and took their schema default) or were JSON
/// `null`, and the text of timestamps that were not in the canonical form, so that encoding writes
/// back the members the document had, as it had them, and no others.
///
/// A generated struct with a defaulted member or a member that may be `null` stores one of these.
/// Decoding notes each member that took its default because it was absent and each that was
/// `null`; encoding leaves out a defaulted member that was absent while it still holds the default,
/// and writes `null` for a member that was `null` while it is still `nil`. A value made in Swift
/// notes nothing, so it encodes every defaulted member, as before.
///
/// It never takes part in equality or hashing: two values with the same members are equal whether
/// they were decoded or made in Swift. Members are numbered by their position in the struct; the
/// first 64 take no storage beyond two words, the others one array that only such structs allocate.
public struct SchemaPresence: Hashable, Sendable {
    private var absent = Bits()
    private var nulls = Bits()
    private var texts: [Int: String] = [:]

    /// Nothing noted: every member is written as its value says.
    public init() {}

    /// Notes that member `index` was absent and returns its default, `value`.
    public mutating func defaulted<Value>(_ index: Int, _ value: Value) -> Value {
        absent.insert(index)
        return value
    }

    /// Notes that member `index` was JSON `null`.
    public mutating func noteNull(_ index: Int) {
        nulls.insert(index)
    }

    /// Keeps the text member `index` was decoded from (a timestamp not in the canonical form).
    public mutating func keepText(_ index: Int, _ text: String) {
        texts[index] = text
    }

    /// The text member `index` was decoded from, when it was kept.
    public func text(_ index: Int) -> String? {
        texts.isEmpty ? nil : texts[index]
    }

    /// Whether member `index` was absent when the value was decoded.
    public func wasAbsent(_ index: Int) -> Bool {
        absent.contains(index)
    }

    /// Whether member `index` was JSON `null` when the value was decoded.
    public func wasNull(_ index: Int) -> Bool {
        nulls.contains(index)
    }

    /// Always `true`: what a value was decoded from does not change what it is.
    public static func == (lhs: SchemaPresence, rhs: SchemaPresence) -> Bool { true }

    /// Adds nothing: equal values hash alike however they were made.
    public func hash(into hasher: inout Hasher) {}

    /// A set of small non-negative integers: one word inline, the rest in an array.
    private struct Bits: Sendable {
        var low: UInt64 = 0
        var high: [UInt64] = []

        mutating func insert(_ index: Int) {
            guard index >= 0 else { return }
            if index < 64 {
                low |= 1 << UInt64(index)
                return
            }
            let word = index / 64 - 1
            if high.count <= word { high.append(contentsOf: repeatElement(0, count: word + 1 - high.count)) }
            high[word] |= 1 << UInt64(index % 64)
        }

        func contains(_ index: Int) -> Bool {
            guard index >= 0 else { return false }
            if index < 64 { return low & (1 << UInt64(index)) != 0 }
            let word = index / 64 - 1
            return word < high.count && high[word] & (1 << UInt64(index % 64)) != 0
        }
    }
}
