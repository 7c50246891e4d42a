/// A property's schema `default`, as a value checked against the property's type (the renderer
/// spells it in Swift).
public enum DefaultValue: Sendable, Hashable {
    /// `true` or `false`.
    case bool(Bool)
    /// An integer, exactly as written in the document (it fits the property's integer type).
    case integer(String)
    /// A floating-point number, exactly as written in the document.
    case number(String)
    /// A string.
    case string(String)
    /// `[]`.
    case emptyArray
    /// `{}` for a map.
    case emptyMap
    /// A case of a string enum, by its Swift case name.
    case enumCase(String)
}
