/// One member of a document's `$defs`.
public struct NamedType: Sendable, Equatable {
    /// The Swift and schema name.
    public var name: String
    /// The document and JSON pointer the type is defined at.
    public var origin: Origin
    /// The `title` and `description`, joined, or `nil`.
    public var documentation: String?
    /// Whether the schema marks it deprecated.
    public var deprecated: Bool
    /// Protocols it conforms to besides `Codable, Hashable, Sendable` (from `x-ron-conforms-to`).
    public var conformances: [String]
    /// What Swift declaration it becomes.
    public var shape: Shape
    /// Whether an enum shape holds itself through its cases (it becomes an `indirect enum`).
    public var indirect: Bool = false
    /// Whether a struct's schema allows no members besides its properties
    /// (`additionalProperties: false`): an untagged union weighs an object with others against it
    /// last.
    public var closed: Bool = false

    /// The kinds of declaration.
    public enum Shape: Sendable, Hashable {
        /// A struct, generic over `typeParameters` when there are any.
        case structure(typeParameters: [String], fields: [Field])
        /// An open string enum.
        case stringEnum(cases: [EnumCase])
        /// An internally tagged union.
        case taggedUnion(discriminator: String, variants: [UnionVariant])
        /// An externally tagged serde enum: a unit variant is its name as a JSON string, a variant
        /// with data is an object of one member, the name, holding the data.
        case externallyTagged(variants: [ExternalVariant])
        /// An adjacently tagged serde enum (`#[serde(tag = "t", content = "c")]`): an object whose
        /// member `tag` names the variant and whose member `content` holds its data, if any.
        case adjacentlyTagged(tag: String, content: String, variants: [ExternalVariant])
        /// An untagged serde enum: each variant is its own JSON shape; decoding takes the first that
        /// fits, in order.
        case untagged(variants: [UntaggedVariant])
        /// A tuple: a JSON array of exactly these elements, in order.
        case tuple(elements: [TupleElement])
        /// A string checked against a regular expression.
        case patternString(pattern: String)
        /// A unit struct (`{"type": "null"}`, serde's `struct Unit;`): JSON `null` on the wire.
        case unit
        /// A name for another type.
        case alias(TypeReference)
        /// A struct holding one value that is its whole wire form (serde's newtype struct): what an
        /// alias becomes when it names itself through an array or a map (`A = [A]`), which a Swift
        /// `typealias` cannot.
        case newtype(TypeReference)
    }
}

/// A case of a string enum.
public struct EnumCase: Sendable, Hashable {
    /// The value on the wire.
    public var wireValue: String
    /// The Swift case name.
    public var swiftName: String
    /// The variant's own `description` (a unit-only `oneOf` of `const` strings), or `nil`.
    public var documentation: String? = nil
}

/// A variant of a tagged union.
public struct UnionVariant: Sendable, Hashable {
    /// The discriminator value that selects it.
    public var tag: String
    /// The Swift case name.
    public var swiftName: String
    /// The object type that holds the variant's other fields.
    public var payload: String
    /// Whether an object without the discriminator is this variant (the one variant whose schema
    /// does not require the tag; `x-ron-absent-tag`).
    public var selectedWhenAbsent: Bool = false
}

/// A variant of an externally or adjacently tagged enum.
public struct ExternalVariant: Sendable, Hashable {
    /// The variant's name on the wire: the whole value of a unit variant, else the one member name
    /// (externally tagged), or the tag member's value (adjacently tagged).
    public var tag: String
    /// The Swift case name.
    public var swiftName: String
    /// The type of the variant's data, or `nil` for a unit variant.
    public var payload: TypeReference?
    /// The variant's own `description`, or `nil`.
    public var documentation: String?
}

/// A variant of an untagged enum.
public struct UntaggedVariant: Sendable, Hashable {
    /// The Swift case name (from the referenced type's name or the scalar kind).
    public var swiftName: String
    /// The variant's value type, or `nil` for the variant that is JSON `null`.
    public var payload: TypeReference?
    /// The variant's own `description`, or `nil`.
    public var documentation: String?
}

/// An element of a tuple.
public struct TupleElement: Sendable, Hashable {
    /// The element's type, without optionality.
    public var type: TypeReference
    /// Whether the element may be JSON `null`.
    public var nullable: Bool
    /// The element's `description`, or `nil`.
    public var documentation: String?
}
