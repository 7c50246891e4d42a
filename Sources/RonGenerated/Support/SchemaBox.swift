/// Out-of-line storage for a member of a generated struct that holds itself through an optional
/// (`next: Node?` inside `Node`), so the struct stays a finite value type.
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

    /// Whether both boxes hold equal values.
    public static func == (lhs: SchemaBox, rhs: SchemaBox) -> Bool {
        lhs.value == rhs.value
    }

    /// Hashes the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
