/// The one member name of an externally tagged enum's object form (`{"Variant": ...}`); generated
/// code uses it to read and write any variant name.
public struct SchemaVariantKey: CodingKey, Sendable {
    /// The member name.
    public var stringValue: String
    /// Always `nil`: variant names are strings.
    public var intValue: Int? { nil }

    /// A key for the member `stringValue`.
    public init(stringValue: String) { self.stringValue = stringValue }

    /// Not used: variant names are strings.
    public init?(intValue: Int) { nil }
}
