import Foundation

/// Which members of a decoded object were absent (and took their schema default) or were JSON
/// `null`, and the text of date-times that were not in the canonical form (a member's own, or those
/// of its array elements and map values), so that encoding writes back the members the document
/// had, as it had them, and no others.
///
/// A generated struct with a defaulted member or a member that may be `null` stores one of these.
/// Decoding notes each member that took its default because it was absent and each that was
/// `null`; encoding leaves out a defaulted member that was absent while it still holds the default,
/// and writes `null` for a member that was `null` while it is still `nil`. A value made in Swift
/// notes nothing, so it encodes every defaulted member, as before.
///
/// It never takes part in equality or hashing: two values with the same members are equal whether
/// they were decoded or made in Swift. Members are numbered by their position in the struct; the
/// first 64 take no storage beyond two words, the others one dictionary that only such structs
/// allocate.
public struct SchemaPresence: Hashable, Sendable {
    // Members 0–63 take a bit each in two words; the rest, and kept texts, are in optionals that
    // stay `nil` for most values, so a struct that stores one copies two words and three nil
    // references.
    private var absentBits: UInt64 = 0
    private var nullBits: UInt64 = 0
    /// Members from 64 on: 1 when absent, 2 when `null`.
    private var overflow: [Int: UInt8]?
    private var texts: [Int: String]?
    /// The decoded wire forms (`[WireTimestamp]`, …) of members holding date-times in arrays or
    /// maps, kept only when one of their texts is not the canonical form.
    private var forms: [Int: any Sendable]?

    /// Nothing noted: every member is written as its value says.
    public init() {}

    /// Notes that member `index` was absent and returns its default, `value`.
    public mutating func defaulted<Value>(_ index: Int, _ value: Value) -> Value {
        note(index, 1)
        return value
    }

    /// Notes that member `index` was JSON `null`.
    public mutating func noteNull(_ index: Int) {
        note(index, 2)
    }

    /// Notes that member `index` was JSON `null` if `container` has `key`. A generated decoder
    /// calls this for a member it decoded as `nil`: present, that member was `null`.
    public mutating func noteNull<Key: CodingKey>(
        _ index: Int, ifPresentIn container: KeyedDecodingContainer<Key>, forKey key: Key
    ) {
        if container.contains(key) { note(index, 2) }
    }

    /// Returns `value`, noting member `index` as JSON `null` when `value` is `nil` and `container`
    /// has `key` (present yet decoded as `nil`: the member was `null`). A generated decoder wraps
    /// the decoding of each member whose `null` is written back in this call, so it never reads a
    /// property of the value it is initializing.
    public mutating func noted<Value, Key: CodingKey>(
        _ index: Int, _ value: Value?, in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) -> Value? {
        if value == nil, container.contains(key) { note(index, 2) }
        return value
    }

    /// Keeps the text member `index` was decoded from (a timestamp not in the canonical form).
    public mutating func keepText(_ index: Int, _ text: String) {
        texts = (texts ?? [:]).merging([index: text]) { _, new in new }
    }

    /// The text member `index` was decoded from, when it was kept.
    public func text(_ index: Int) -> String? {
        texts?[index]
    }

    /// The plain form of `wire`, the decoded wire form of member `index` (a date-time, or an array
    /// or map of them); `wire` is kept for encoding when one of its texts is not the canonical form.
    public mutating func keeping<Wire: WireTimestampForm>(_ index: Int, _ wire: Wire) -> Wire.Plain {
        if wire.keepsText {
            var kept = forms ?? [:]
            kept[index] = wire
            forms = kept
        }
        return wire.plain
    }

    /// ``keeping(_:_:)`` for a member that may be absent or `null`.
    public mutating func keepingIfPresent<Wire: WireTimestampForm>(_ index: Int, _ wire: Wire?) -> Wire.Plain? {
        guard let wire else { return nil }
        return keeping(index, wire)
    }

    /// The wire form of `plain`, the value of member `index`, with the texts kept when it was
    /// decoded wherever they still name the same instants (see ``WireTimestampForm``).
    public func wire<Wire: WireTimestampForm>(_ index: Int, _ plain: Wire.Plain, as type: Wire.Type) -> Wire {
        Wire(plain, keeping: forms?[index] as? Wire)
    }

    /// ``wire(_:_:as:)`` for a member that may be `nil`.
    public func wireIfPresent<Wire: WireTimestampForm>(_ index: Int, _ plain: Wire.Plain?, as type: Wire.Type)
        -> Wire?
    {
        guard let plain else { return nil }
        return Wire(plain, keeping: forms?[index] as? Wire)
    }

    /// Whether member `index` was absent when the value was decoded.
    public func wasAbsent(_ index: Int) -> Bool {
        noted(index, 1)
    }

    /// Whether member `index` was JSON `null` when the value was decoded.
    public func wasNull(_ index: Int) -> Bool {
        noted(index, 2)
    }

    /// Always `true`: what a value was decoded from does not change what it is.
    public static func == (lhs: SchemaPresence, rhs: SchemaPresence) -> Bool { true }

    /// Adds nothing: equal values hash alike however they were made.
    public func hash(into hasher: inout Hasher) {}

    private mutating func note(_ index: Int, _ flag: UInt8) {
        guard index >= 0 else { return }
        if index < 64 {
            if flag == 1 { absentBits |= 1 << UInt64(index) } else { nullBits |= 1 << UInt64(index) }
        } else {
            var rest = overflow ?? [:]
            rest[index, default: 0] |= flag
            overflow = rest
        }
    }

    private func noted(_ index: Int, _ flag: UInt8) -> Bool {
        guard index >= 0 else { return false }
        if index < 64 { return (flag == 1 ? absentBits : nullBits) & (1 << UInt64(index)) != 0 }
        return (overflow?[index] ?? 0) & flag != 0
    }
}

extension KeyedEncodingContainer {
    /// Writes `null` at `key` when `value` is `nil` and `presence` noted member `index` as `null`
    /// when the value was decoded; otherwise nothing. (A generated encoder calls this after the
    /// member's own line, which writes nothing for `nil`.)
    public mutating func encodeNullIfNoted<Value>(
        _ index: Int, in presence: SchemaPresence, whileNil value: Value?, forKey key: Key
    ) throws {
        if value == nil, presence.wasNull(index) { try encodeNil(forKey: key) }
    }
}
