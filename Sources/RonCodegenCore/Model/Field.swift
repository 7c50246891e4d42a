/// A property of a generated struct.
public struct Field: Sendable, Equatable {
    /// The JSON member name, kept exactly.
    public var wireName: String
    /// The Swift property name.
    public var swiftName: String
    /// The property's type, without optionality.
    public var type: TypeReference
    /// Whether the member must be present.
    public var required: Bool
    /// Whether the member may be JSON `null`.
    public var nullable: Bool
    /// The schema's `default`, if any.
    public var defaultValue: DefaultValue?
    /// Whether encoding leaves the member out when it equals the default (`x-ron-omit-default`).
    public var omitsDefault: Bool
    /// Whether the schema marks it deprecated.
    public var deprecated: Bool
    /// The `description`, or `nil`.
    public var documentation: String?

    /// Whether the Swift property is `Optional`.
    public var isOptional: Bool {
        (!required && defaultValue == nil) || nullable
    }
}
