/// Out-of-line storage for a member of a generated struct: one that holds itself through an
/// optional (`next: Node?` inside `Node`), so the struct stays a finite value type, or an optional
/// member whose struct type itself holds an optional struct, so values do not nest deeply inline.
///
/// The box is immutable: a generated setter stores a new box, so copies of the struct never
/// share a change. Equality and hashing are those of the value.
public final class SchemaBox<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The value held.
    public let value: Value

    /// A box holding `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// A box holding `value`, or `nil` when there is no value. Generated initializers, decoders and
    /// setters store an optional member with it.
    public convenience init?(ifPresent value: Value?) {
        guard let value else { return nil }
        self.init(value)
    }

    /// Whether both boxes hold equal values.
    public static func == (lhs: SchemaBox, rhs: SchemaBox) -> Bool {
        lhs.value == rhs.value
    }

    /// Hashes the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
