/// A member name on the wire, as a coding key: generated structs read and write their members with
/// it (`SchemaKey("size_bytes")`), and tagged enums their variant names and tags.
///
/// One key type for every generated type, in place of a `CodingKeys` enum per type: the enum, its
/// raw values and its `CodingKey` conformance were a large part of each type's compile time (see
/// the renderer's rules), and reading `stringValue` from a stored string costs no `switch`.
public struct SchemaKey: CodingKey, Hashable, Sendable {
    /// The member name.
    public var stringValue: String
    /// Always `nil`: member names are strings.
    public var intValue: Int? { nil }

    /// A key for the member `name`.
    @inlinable
    public init(_ name: String) { self.stringValue = name }

    /// A key for the member `stringValue`.
    public init(stringValue: String) { self.stringValue = stringValue }

    /// Not used: member names are strings.
    public init?(intValue: Int) { nil }
}

/// The key of an externally or adjacently tagged enum's variant names: ``SchemaKey`` by its earlier
/// name.
public typealias SchemaVariantKey = SchemaKey
