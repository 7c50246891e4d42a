import Foundation

/// The wire form of a value made of date-times: ``WireTimestamp``, or an array or a string-keyed
/// map of such forms, nested to any depth (`[WireTimestamp]`, `[String: [WireTimestamp]]`).
///
/// A generated struct holds the plain form of such a member (`Date`, `[Date]`,
/// `[String: [Date]]`, ``Plain``) and keeps the wire form it decoded in its ``SchemaPresence``
/// when a text in it is not the canonical form (``SchemaPresence/keeping(_:_:)``). Encoding makes
/// the wire form again from the plain value (``SchemaPresence/wire(_:_:as:)``), each date-time with
/// the text kept at the same place (the same index, the same key) while it names the same instant,
/// so a document comes back as it came and a value changed in Swift is written in UTC.
public protocol WireTimestampForm: Codable, Sendable {
    /// The same shape with a `Date` for each date-time.
    associatedtype Plain

    /// The value with a `Date` for each date-time.
    var plain: Plain { get }

    /// Whether a date-time in it keeps a text that is not the canonical form.
    var keepsText: Bool { get }

    /// `plain` as its wire form, each date-time with the text of `kept` at the same place when that
    /// names the same instant (otherwise, or without `kept`, the canonical form).
    init(_ plain: Plain, keeping kept: Self?)
}

extension WireTimestamp: WireTimestampForm {
    /// The instant, ``value``.
    public var plain: Date { value }

    /// Whether the value writes the text it was decoded from.
    public var keepsText: Bool { keptText != nil }

    /// `kept` when it names `plain`, else `plain` in the canonical form.
    public init(_ plain: Date, keeping kept: WireTimestamp?) {
        if let kept, kept.value == plain {
            self = kept
        } else {
            self.init(plain)
        }
    }
}

extension Array: WireTimestampForm where Element: WireTimestampForm {
    /// Each element's plain form.
    public var plain: [Element.Plain] { map(\.plain) }

    /// Whether an element keeps a text.
    public var keepsText: Bool { contains { $0.keepsText } }

    /// Each element of `plain` with the texts of `kept`'s element at the same index.
    public init(_ plain: [Element.Plain], keeping kept: [Element]?) {
        guard let kept, !kept.isEmpty else {
            self = plain.map { Element($0, keeping: nil) }
            return
        }
        self = plain.indices.map { Element(plain[$0], keeping: $0 < kept.count ? kept[$0] : nil) }
    }
}

extension Dictionary: WireTimestampForm where Key == String, Value: WireTimestampForm {
    /// Each value's plain form.
    public var plain: [String: Value.Plain] { mapValues(\.plain) }

    /// Whether a value keeps a text.
    public var keepsText: Bool { values.contains { $0.keepsText } }

    /// Each value of `plain` with the texts of `kept`'s value at the same key.
    public init(_ plain: [String: Value.Plain], keeping kept: [String: Value]?) {
        guard let kept, !kept.isEmpty else {
            self = plain.mapValues { Value($0, keeping: nil) }
            return
        }
        var wire: [String: Value] = Dictionary(minimumCapacity: plain.count)
        for (key, value) in plain {
            wire[key] = Value(value, keeping: kept[key])
        }
        self = wire
    }
}
