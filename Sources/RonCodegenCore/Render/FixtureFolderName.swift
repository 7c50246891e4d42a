/// The name of the fixtures folder (`Fixtures/<name>/`) that holds wire examples of a type, as
/// `RonFixtures` in `RonGenerated` reads it back (`RonFixtureShape`).
///
/// - A named type is its name as the generated catalog lists it; a generic one is its name alone
///   (`Page<Gadget>` is `Page`), because the catalog lists it once, its type parameters read as
///   any JSON.
/// - A scalar is the type a generated struct member of it decodes with: the wire wrapper where the
///   JSON differs from what `Codable` does (``TypeSpelling``'s wire type: `WireTimestamp`,
///   `WireInt64String`, `WireUInt64String`, `WireBase64URL`), else its Swift type (`Bool`,
///   `String`, `Int32`, `Decimal`, `JSONInteger`, `JSONValue`, …).
/// - An array is its element's name with `.list`, a map its value's with `.map`, nested as in
///   `Gadget.list.map` (an object of arrays of `Gadget`).
///
/// ```swift
/// FixtureFolderName.name(for: .array(.named("Gadget", arguments: [])))  // "Gadget.list"
/// FixtureFolderName.name(for: .timestamp)  // "WireTimestamp"
/// ```
public enum FixtureFolderName {
    /// The folder name of `type`, or `nil` for a type parameter (or a collection of one), which
    /// has no type of its own to check examples with.
    public static func name(for type: TypeReference) -> String? {
        switch type {
        // A whole answer that may be `null`: its value's folder (a `null` answer is not written).
        case .named(TypeReference.optionalName, let arguments) where arguments.count == 1:
            return name(for: arguments[0])
        case .named(let name, _): return name
        case .typeParameter: return nil
        case .array(let element): return name(for: element).map { $0 + ".list" }
        case .map(let value): return name(for: value).map { $0 + ".map" }
        case .bool, .string, .double, .float, .int, .int8, .int16, .int32, .uint, .uint8, .uint16, .uint32, .int64,
            .uint64, .bigInteger, .decimal, .bytes, .timestamp, .json:
            return TypeSpelling.wire(type) ?? TypeSpelling.swift(type)
        }
    }
}
