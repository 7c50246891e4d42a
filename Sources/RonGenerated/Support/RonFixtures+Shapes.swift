import Foundation

/// A scalar that a fixtures folder can name: the wire type a generated member of that kind decodes
/// with (its Swift type, or the `Wire…` wrapper where the JSON differs from what `Codable` does).
///
/// The raw value is the folder name: `Fixtures/Bool/`, `Fixtures/WireTimestamp/`.
public enum RonFixtureScalar: String, CaseIterable, Sendable {
    /// `true` or `false`.
    case bool = "Bool"
    /// A JSON string.
    case string = "String"
    /// A JSON number that is a whole `Int`.
    case int = "Int"
    /// A JSON number that is a whole `Int8`.
    case int8 = "Int8"
    /// A JSON number that is a whole `Int16`.
    case int16 = "Int16"
    /// A JSON number that is a whole `Int32`.
    case int32 = "Int32"
    /// A JSON number that is a whole `Int64`.
    case int64 = "Int64"
    /// A JSON number that is a whole `UInt`.
    case uint = "UInt"
    /// A JSON number that is a whole `UInt8`.
    case uint8 = "UInt8"
    /// A JSON number that is a whole `UInt16`.
    case uint16 = "UInt16"
    /// A JSON number that is a whole `UInt32`.
    case uint32 = "UInt32"
    /// A JSON number that is a whole `UInt64`.
    case uint64 = "UInt64"
    /// A JSON number, as a `Double`.
    case double = "Double"
    /// A JSON number, as a `Float`.
    case float = "Float"
    /// A JSON number, as a `Decimal`.
    case decimal = "Decimal"
    /// A whole JSON number of up to 38 digits (``JSONInteger``).
    case jsonInteger = "JSONInteger"
    /// Any JSON (``JSONValue``).
    case jsonValue = "JSONValue"
    /// An RFC 3339 date-time (``WireTimestamp``).
    case wireTimestamp = "WireTimestamp"
    /// An `Int64` as a decimal string (``WireInt64String``).
    case wireInt64String = "WireInt64String"
    /// A `UInt64` as a decimal string (``WireUInt64String``).
    case wireUInt64String = "WireUInt64String"
    /// Bytes as base64url text (``WireBase64URL``).
    case wireBase64URL = "WireBase64URL"

    /// Decodes `json` as this scalar and encodes it again (as ``SchemaCoding/reencode(_:_:)``
    /// does for a generated type). An integer that is out of range or has a fraction fails with
    /// a message that says which.
    public func reencode(_ json: Data) throws -> Data {
        switch self {
        case .bool: return try SchemaCoding.reencode(Bool.self, json)
        case .string: return try SchemaCoding.reencode(String.self, json)
        case .int: return try SchemaCoding.reencode(FixtureInteger<Int>.self, json)
        case .int8: return try SchemaCoding.reencode(FixtureInteger<Int8>.self, json)
        case .int16: return try SchemaCoding.reencode(FixtureInteger<Int16>.self, json)
        case .int32: return try SchemaCoding.reencode(FixtureInteger<Int32>.self, json)
        case .int64: return try SchemaCoding.reencode(FixtureInteger<Int64>.self, json)
        case .uint: return try SchemaCoding.reencode(FixtureInteger<UInt>.self, json)
        case .uint8: return try SchemaCoding.reencode(FixtureInteger<UInt8>.self, json)
        case .uint16: return try SchemaCoding.reencode(FixtureInteger<UInt16>.self, json)
        case .uint32: return try SchemaCoding.reencode(FixtureInteger<UInt32>.self, json)
        case .uint64: return try SchemaCoding.reencode(FixtureInteger<UInt64>.self, json)
        case .double: return try SchemaCoding.reencode(Double.self, json)
        case .float: return try SchemaCoding.reencode(Float.self, json)
        case .decimal: return try SchemaCoding.reencode(Decimal.self, json)
        case .jsonInteger: return try SchemaCoding.reencode(JSONInteger.self, json)
        case .jsonValue: return try SchemaCoding.reencode(JSONValue.self, json)
        case .wireTimestamp: return try SchemaCoding.reencode(WireTimestamp.self, json)
        case .wireInt64String: return try SchemaCoding.reencode(WireInt64String.self, json)
        case .wireUInt64String: return try SchemaCoding.reencode(WireUInt64String.self, json)
        case .wireBase64URL: return try SchemaCoding.reencode(WireBase64URL.self, json)
        }
    }
}

/// What the name of a fixtures folder says its examples are: the grammar that lets
/// ``RonFixtures`` check answers that are not one generated type (a boolean, a list, a map, …).
///
/// - A generated type's name, as the catalog lists it (`Gadget`; a generic type by its name alone,
///   `Page`, whose type parameters the catalog reads as any JSON). A catalog name wins over every
///   rule below.
/// - A scalar by its wire type (``RonFixtureScalar``): `Bool`, `String`, `Int`, `Int8`…`Int64`,
///   `UInt`…`UInt64`, `Double`, `Float`, `Decimal`, `JSONInteger`, `JSONValue`, `WireTimestamp`,
///   `WireInt64String`, `WireUInt64String`, `WireBase64URL`.
/// - `X.list`: a JSON array whose every element is an `X`; `X.map`: a JSON object whose every
///   member's value is an `X`. They nest, the last suffix outermost: `Gadget.list.map` is an
///   object of arrays of `Gadget`.
///
/// ```swift
/// let shape = RonFixtureShape(folderName: "Gadget.list.map", catalog: RonSchemaCatalog.self)
/// // .map(.list(.named("Gadget")))
/// ```
public indirect enum RonFixtureShape: Sendable, Hashable, CustomStringConvertible {
    /// A generated type of the catalog, by its name.
    case named(String)
    /// A scalar, by its wire type.
    case scalar(RonFixtureScalar)
    /// A JSON array of the shape's values.
    case list(RonFixtureShape)
    /// A JSON object whose members' values have the shape.
    case map(RonFixtureShape)

    /// The suffix of a list folder (`Gadget.list`).
    public static let listSuffix = ".list"
    /// The suffix of a map folder (`Gadget.map`).
    public static let mapSuffix = ".map"

    /// The grammar in one sentence, for messages.
    public static let grammar =
        "a fixtures folder is named after a generated type of the catalog, a scalar ("
        + RonFixtureScalar.allCases.map(\.rawValue).joined(separator: ", ")
        + "), or X.list (a JSON array of X) or X.map (a JSON object of X values), nested as in Gadget.list.map"

    /// The shape `folderName` names, where `isTypeName` says which names are generated types;
    /// `nil` when it names none (an unknown type, or a suffix after nothing).
    public init?(folderName: String, isTypeName: (String) -> Bool) {
        if isTypeName(folderName) {
            self = .named(folderName)
        } else if let scalar = RonFixtureScalar(rawValue: folderName) {
            self = .scalar(scalar)
        } else if folderName.hasSuffix(Self.listSuffix),
            let element = Self(folderName: String(folderName.dropLast(Self.listSuffix.count)), isTypeName: isTypeName)
        {
            self = .list(element)
        } else if folderName.hasSuffix(Self.mapSuffix),
            let value = Self(folderName: String(folderName.dropLast(Self.mapSuffix.count)), isTypeName: isTypeName)
        {
            self = .map(value)
        } else {
            return nil
        }
    }

    /// The shape `folderName` names, its type names those of `catalog`; `nil` when it names none.
    public init?<Catalog: RonTypeCatalog>(folderName: String, catalog: Catalog.Type) {
        self.init(folderName: folderName, isTypeName: { catalog.origin(of: $0) != nil })
    }

    /// The shape `folderName` names without a catalog at hand: a name that is neither a scalar nor
    /// ends in `.list` or `.map` is taken for a generated type's. `nil` for an empty name.
    public init?(folderName: String) {
        self.init(folderName: folderName) { name in
            !name.isEmpty && RonFixtureScalar(rawValue: name) == nil && !name.hasSuffix(Self.listSuffix)
                && !name.hasSuffix(Self.mapSuffix)
        }
    }

    /// The folder name of the shape (what ``init(folderName:isTypeName:)`` reads back).
    public var folderName: String {
        switch self {
        case .named(let name): return name
        case .scalar(let scalar): return scalar.rawValue
        case .list(let element): return element.folderName + Self.listSuffix
        case .map(let value): return value.folderName + Self.mapSuffix
        }
    }

    /// The ``folderName``.
    public var description: String { folderName }
}

extension RonFixtures {
    /// The differences of `json` from what `shape` reads and writes back: a named type or a scalar
    /// as a whole, a list or map element by element, each element's pointers below its own
    /// (`/2/name`).
    static func differences<Catalog: RonTypeCatalog>(
        of json: Data, shape: RonFixtureShape, catalog: Catalog.Type, strict: Bool
    ) -> [(pointer: String, message: String)] {
        switch shape {
        case .named(let name):
            return namedDifferences(of: json, as: name, catalog: catalog, strict: strict)
        case .scalar(let scalar):
            return reencodedDifferences(of: json, strict: false) { try scalar.reencode(json) } ?? []
        case .list, .map:
            let value: JSONValue
            do {
                value = try JSONDecoder().decode(JSONValue.self, from: json)
            } catch {
                return [("", "not JSON: \(error)")]
            }
            var found: [(pointer: String, message: String)] = []
            collect(value, shape: shape, pointer: "", catalog: catalog, strict: strict, into: &found)
            return found
        }
    }

    /// Appends the differences of `value` (at `pointer` in the whole example) from `shape`.
    private static func collect<Catalog: RonTypeCatalog>(
        _ value: JSONValue, shape: RonFixtureShape, pointer: String, catalog: Catalog.Type, strict: Bool,
        into found: inout [(pointer: String, message: String)]
    ) {
        switch shape {
        case .named, .scalar:
            let json = Data(CanonicalJSON.render(value).utf8)
            for difference in differences(of: json, shape: shape, catalog: catalog, strict: strict) {
                found.append((pointer + difference.pointer, difference.message))
            }
        case .list(let element):
            guard case .array(let elements) = value else {
                return found.append(
                    (pointer, "not a JSON array but \(kind(of: value)) (\(shape.folderName): a list of \(element))"))
            }
            for (offset, item) in elements.enumerated() {
                collect(
                    item, shape: element, pointer: "\(pointer)/\(offset)", catalog: catalog, strict: strict,
                    into: &found)
            }
        case .map(let member):
            guard case .object(let members) = value else {
                return found.append(
                    (pointer, "not a JSON object but \(kind(of: value)) (\(shape.folderName): a map of \(member))"))
            }
            for key in members.keys.sorted() {
                guard let item = members[key] else { continue }
                collect(
                    item, shape: member, pointer: pointer + "/" + FixtureDecodingText.escape(key), catalog: catalog,
                    strict: strict, into: &found)
            }
        }
    }

    /// What a JSON value is, in words (`a string`).
    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .unsigned, .bigInteger, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A fixed-width integer read from a JSON number without loss: a fraction or a value out of range
/// fails with a sentence that says which (as a generated member's `decodeInteger` does).
struct FixtureInteger<Value: FixedWidthInteger & Codable & Sendable>: Codable, Sendable {
    var value: Value

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            value = try container.decode(Value.self)
        } catch {
            // Foundation's message for an unrepresentable number is vague: read it as a Decimal
            // (exact for 38 digits) to say what it is.
            guard let number = try? container.decode(Decimal.self) else { throw error }
            var rounded = Decimal()
            var copy = number
            NSDecimalRound(&rounded, &copy, 0, .plain)
            let reason =
                rounded == number ? "is out of range for \(Value.self)" : "is not an integer (\(Value.self) expected)"
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "\(number) \(reason)", underlyingError: error))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
