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

/// A generated struct that keeps the members its schema does not list: it says which it lists.
public protocol SchemaListing {
    /// Whether the struct reads member `name` itself (its own members, their aliases, and members
    /// an enum around it reads, such as an internally tagged enum's tag).
    static func schemaLists(_ name: String) -> Bool
}

/// The key a struct that keeps unlisted members reads its object with: any member by name, and,
/// as `allKeys`, only the members `Owner` does not list, so finding them costs no second pass.
public struct SchemaUnlistedKey<Owner: SchemaListing>: CodingKey, Sendable {
    /// The member name.
    public let stringValue: String
    /// Always `nil`: member names are strings.
    public var intValue: Int? { nil }

    /// The key of the member `name`, listed or not.
    public init(_ name: String) { stringValue = name }

    /// A key for a member `Owner` does not list; `nil` for one it lists.
    public init?(stringValue: String) {
        guard !Owner.schemaLists(stringValue) else { return nil }
        self.stringValue = stringValue
    }

    /// Not used: member names are strings.
    public init?(intValue: Int) { nil }
}
