/// A property of a generated struct.
public struct Field: Sendable, Hashable {
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
    /// Other member names accepted on decode when the wire name is absent (`x-ron-aliases`), in
    /// the order tried; encoding writes the wire name only. For the property that collects the
    /// members the schema does not list (``collectsOtherMembers``): the names it leaves to others
    /// (an internally tagged variant's tag).
    public var aliases: [String] = []
    /// Whether the value is stored out of line: a member on a loop of types that contain each other
    /// through optionals (so the struct stays a finite value type), or an optional member whose
    /// struct type itself stores an optional struct inline (so inline nesting stays shallow; see
    /// `SchemaTranslator+Nesting.swift`).
    public var boxed: Bool = false
    /// Whether this property holds the members the schema does not list (an object with
    /// `properties` and an `additionalProperties` or `patternProperties` schema): a map from member
    /// name to ``type``'s value type, read from and written to the object itself. Its
    /// ``wireName`` is empty.
    public var collectsOtherMembers: Bool = false
    /// Whether this property is a union read from the object itself and written into it beside the
    /// other members (an `allOf` of an object and a union: serde's `#[serde(flatten)]` of an enum).
    /// Its ``wireName`` is empty.
    public var flattened: Bool = false

    /// Whether the property is one member of the object on the wire (not the collector of unlisted
    /// members, not a flattened union).
    public var isMember: Bool {
        !collectsOtherMembers && !flattened
    }

    /// Whether the Swift property is `Optional`.
    public var isOptional: Bool {
        (!required && defaultValue == nil) || nullable
    }
}
