/// One TOML value: a scalar, an array or a table.
///
/// Equality follows TOML semantics rather than raw `Double` semantics: two `.float(.nan)` values are equal (so a
/// document containing `nan` survives a render/parse round trip), and tables compare as unordered maps.
public enum TOMLValue: Sendable {
    /// A basic, literal or multi-line string, with escapes already resolved.
    case string(String)
    /// A 64-bit signed integer (TOML integers are exactly that range).
    case integer(Int64)
    /// A 64-bit float, including `inf`, `-inf` and `nan`.
    case float(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// An offset date-time, local date-time, local date or local time, with its exact source text.
    case dateTime(TOMLDateTime)
    /// An array; TOML 1.0 allows elements of different types.
    case array([TOMLValue])
    /// A table (from a `[header]`, dotted keys or an inline `{ ... }`).
    case table(TOMLTable)
}
