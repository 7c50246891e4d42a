/// The comparison of one member that a generated struct's `==` makes for each of its stored members.
///
/// `lhs.name == rhs.name` names one of the hundreds of `==` operators in scope, and the type checker
/// weighs them for every member of every generated struct (the `==` that `Equatable` derives does
/// the same); ``same(_:_:)`` is one candidate. It is `@inlinable`, so an optimized build compares
/// as the derived `==` would.
public enum SchemaEquality {
    /// Whether `lhs` and `rhs` are equal (`lhs == rhs`).
    @inlinable
    public static func same<T: Equatable>(_ lhs: T, _ rhs: T) -> Bool {
        lhs == rhs
    }
}
