import Foundation

/// What a generated catalog (`RonSchemaCatalog`, or the name given with `--catalog-name`) offers:
/// every generated type by its schema name, decoded and encoded again without knowing it statically.
public protocol RonTypeCatalog {
    /// The schema names of all generated types, in document order.
    static var typeNames: [String] { get }
    /// Where a type was defined (`file#/$defs/Name`), or `nil` for an unknown name.
    static func origin(of typeName: String) -> String?
    /// Decodes `json` as the named type and encodes it again; `nil` for an unknown name.
    static func reencode(_ json: Data, as typeName: String) throws -> Data?
}

/// One type of a generated catalog: where the schema defined it, and how to decode and encode it
/// again without knowing it statically.
public struct RonTypeCatalogEntry: Sendable {
    /// Where the type was defined (`file#/$defs/Name`).
    public let origin: String
    private let reencodeJSON: @Sendable (Data) throws -> Data

    /// The entry of `type`, defined at `origin`.
    public init<T: Codable & Sendable>(_ type: T.Type, origin: String) {
        self.origin = origin
        self.reencodeJSON = { json in try SchemaCoding.reencode(T.self, json) }
    }

    /// Decodes `json` as the type and encodes it again (``SchemaCoding/reencode(_:_:)``).
    public func reencode(_ json: Data) throws -> Data {
        try reencodeJSON(json)
    }
}

/// One wire example that does not match its generated type.
public struct RonFixtureFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The example's path as given (for example `Fixtures/Item/full.json`).
    public var file: String
    /// The schema type it must decode as: its folder's name (a generated type, or a shape of
    /// ``RonFixtureShape`` such as `Bool` or `Gadget.list`).
    public var typeName: String
    /// An RFC 6901 JSON pointer into the example (`""` for the whole value).
    public var pointer: String
    /// What is wrong.
    public var message: String

    /// A failure.
    public init(file: String, typeName: String, pointer: String, message: String) {
        self.file = file
        self.typeName = typeName
        self.pointer = pointer
        self.message = message
    }

    /// `file (Type) at /pointer: message`; for a folder that names nothing, followed by what a
    /// folder may name (``RonFixtureShape/grammar``).
    public var description: String {
        plainDescription + (namesNoType ? " (\(RonFixtureShape.grammar))" : "")
    }

    /// `file (Type) at /pointer: message`.
    var plainDescription: String {
        "\(file) (\(typeName))" + (pointer.isEmpty ? "" : " at \(pointer)") + ": \(message)"
    }

    /// Whether the failure is that the folder names no generated type and no shape of one.
    var namesNoType: Bool {
        pointer.isEmpty && message == RonFixtures.unknownTypeMessage(typeName)
    }
}

/// All failures of a fixtures folder, one per line.
public struct RonFixtureVerificationError: Error, Sendable, CustomStringConvertible {
    /// Every failure found.
    public var failures: [RonFixtureFailure]

    /// The failures, one per line; then, when a folder names nothing, what a folder may name
    /// (``RonFixtureShape/grammar``), once.
    public var description: String {
        "\(failures.count) fixture problem\(failures.count == 1 ? "" : "s"):\n"
            + failures.map(\.plainDescription).joined(separator: "\n")
            + (failures.contains(where: \.namesNoType) ? "\n(\(RonFixtureShape.grammar))" : "")
    }
}

/// The drift check for wire examples: every `<folder>/<TypeName>/*.json` decodes as the generated
/// type `TypeName` and encodes back to the same JSON (compared as the wire reads it: `null`
/// members count as absent, numbers by value).
///
/// A folder may also name an answer that is not one generated type (``RonFixtureShape``): a scalar
/// by its wire type (`Bool/`, `String/`, `JSONValue/`, `WireTimestamp/`, …), `X.list/` for a JSON
/// array of `X` and `X.map/` for a JSON object of `X` values, nested as in `Gadget.list.map/`. The
/// elements of a list or map are checked one by one, a failure's pointer reaching into the whole
/// example (`/2/name`).
///
/// ```swift
/// @Test func fixturesMatchTheSchema() throws {
///     let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")
///     try RonFixtures.verify(folder: folder, catalog: RonSchemaCatalog.self)
/// }
/// ```
public enum RonFixtures {
    /// Turns a file's contents into JSON, for examples in other formats (by file extension).
    public typealias Reader = @Sendable (Data) throws -> Data

    /// One example found in a fixtures folder.
    public struct Example: Sendable, Equatable {
        /// The folder name: the generated type (or ``RonFixtureShape``) the example must decode as.
        public var typeName: String
        /// The path shown in messages: the folder's name, the type folder and the file.
        public var path: String
        /// The example's location.
        public var url: URL
    }

    /// The examples of `folder`: `<TypeName>/*.json` (or a ``RonFixtureShape``'s folder), plus the
    /// extensions `readers` knows, in path order.
    public static func examples(in folder: URL, readers: [String: Reader] = [:]) -> [Example] {
        let manager = FileManager.default
        let types = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
        return types.sorted().flatMap { type -> [Example] in
            let files = (try? manager.contentsOfDirectory(atPath: folder.appending(path: type).path)) ?? []
            return files.filter { file in
                let suffix = (file as NSString).pathExtension
                return suffix == "json" || readers[suffix] != nil
            }.sorted().map { file in
                Example(
                    typeName: type, path: "\(folder.lastPathComponent)/\(type)/\(file)",
                    url: folder.appending(path: type).appending(path: file))
            }
        }
    }

    /// Every failure of every example in `folder`; empty when all match. A type folder that names
    /// no type of `catalog` and no ``RonFixtureShape`` of one is a failure too. `strict` also fails
    /// an example with a member its type does not declare (which the generated types keep, so it
    /// would otherwise pass).
    public static func failures<Catalog: RonTypeCatalog>(
        folder: URL, catalog: Catalog.Type, readers: [String: Reader] = [:], strict: Bool = false
    ) -> [RonFixtureFailure] {
        guard FileManager.default.fileExists(atPath: folder.path) else {
            return [RonFixtureFailure(file: folder.path, typeName: "-", pointer: "", message: "no such folder")]
        }
        return examples(in: folder, readers: readers).compactMap { example in
            failure(of: example, catalog: catalog, readers: readers, strict: strict)
        }
    }

    /// Checks every example in `folder`; throws ``RonFixtureVerificationError`` listing every failure.
    /// `strict` also fails a member the example's type does not declare.
    public static func verify<Catalog: RonTypeCatalog>(
        folder: URL, catalog: Catalog.Type, readers: [String: Reader] = [:], strict: Bool = false
    ) throws {
        let found = failures(folder: folder, catalog: catalog, readers: readers, strict: strict)
        guard found.isEmpty else { throw RonFixtureVerificationError(failures: found) }
    }

    /// The failure of one example, or `nil` when it decodes and encodes back to the same JSON.
    public static func failure<Catalog: RonTypeCatalog>(
        of example: Example, catalog: Catalog.Type, readers: [String: Reader] = [:], strict: Bool = false
    ) -> RonFixtureFailure? {
        let original: Data
        do {
            let data = try Data(contentsOf: example.url)
            original = try readers[example.url.pathExtension].map { try $0(data) } ?? data
        } catch {
            return RonFixtureFailure(
                file: example.path, typeName: example.typeName, pointer: "",
                message: "cannot read the example: \(error)")
        }
        return difference(of: original, as: example.typeName, catalog: catalog, strict: strict).map {
            RonFixtureFailure(file: example.path, typeName: example.typeName, pointer: $0.pointer, message: $0.message)
        }
    }

    /// Where `json` stops being what the generated type `typeName` (or the ``RonFixtureShape`` it
    /// names: `Bool`, `Gadget.list`, …) reads and writes back, or `nil` when it decodes and encodes
    /// back to the same JSON (compared as the wire reads it: numbers by value, key order ignored, a
    /// `null` member the type leaves out as absent). `strict` also reports a member the type does
    /// not declare. The drift checks of fixtures and of a live node's answers (`ron drift`) both use
    /// this comparison. The first of ``differences(of:as:catalog:strict:)``.
    public static func difference<Catalog: RonTypeCatalog>(
        of json: Data, as typeName: String, catalog: Catalog.Type, strict: Bool = false
    ) -> (pointer: String, message: String)? {
        differences(of: json, as: typeName, catalog: catalog, strict: strict).first
    }

    /// Every place where `json` stops being what the generated type `typeName` reads and writes
    /// back, in pointer order; empty when it decodes and encodes back to the same JSON (compared as
    /// ``difference(of:as:catalog:strict:)`` compares). A value the type refuses has one difference,
    /// where the decoder stopped (`does not decode: ...`); a value it reads has one per member a
    /// round trip changes or loses, then with `strict` one per member the type does not declare.
    /// A list or map shape (`Gadget.list`) is checked element by element, each element's
    /// differences as above with pointers into the whole value (`/2/name`).
    ///
    /// ```swift
    /// for (pointer, message) in RonFixtures.differences(of: body, as: "Item", catalog: RonSchemaCatalog.self) {
    ///     print("Item at \(pointer.isEmpty ? "/" : pointer): \(message)")
    /// }
    /// ```
    public static func differences<Catalog: RonTypeCatalog>(
        of json: Data, as typeName: String, catalog: Catalog.Type, strict: Bool = false
    ) -> [(pointer: String, message: String)] {
        guard let shape = RonFixtureShape(folderName: typeName, catalog: catalog) else {
            return [("", unknownTypeMessage(typeName))]
        }
        return differences(of: json, shape: shape, catalog: catalog, strict: strict)
    }

    /// The message of a folder name that is no generated type and no shape of one.
    static func unknownTypeMessage(_ typeName: String) -> String {
        "'\(typeName)' is not a generated type"
    }

    /// ``differences(of:as:catalog:strict:)`` for a generated type of `catalog`.
    static func namedDifferences<Catalog: RonTypeCatalog>(
        of json: Data, as typeName: String, catalog: Catalog.Type, strict: Bool
    ) -> [(pointer: String, message: String)] {
        guard let found = reencodedDifferences(of: json, strict: strict, { try catalog.reencode(json, as: typeName) })
        else { return [("", unknownTypeMessage(typeName))] }
        return found
    }

    /// The differences of `json` from what `reencoded` writes back (`nil`: it knows no such type):
    /// where its decoder stopped, or every member a round trip changes or loses; with `strict`,
    /// also every member it writes only while not leaving out the unlisted ones.
    static func reencodedDifferences(
        of json: Data, strict: Bool, _ reencoded: () throws -> Data?
    ) -> [(pointer: String, message: String)]? {
        let lenient: Data
        do {
            guard let data = try reencoded() else { return nil }
            lenient = data
        } catch let error as DecodingError {
            let (pointer, message) = FixtureDecodingText.describe(error)
            return [(pointer, "does not decode: \(message)")]
        } catch {
            return [("", "does not decode: \(error)")]
        }
        do {
            let expected = try JSONDecoder().decode(JSONValue.self, from: json)
            let actual = try JSONDecoder().decode(JSONValue.self, from: lenient)
            var found: [(pointer: String, message: String)] = []
            FixtureJSONDifference.all(expected: expected, actual: actual, into: &found)
            guard strict, let data = try SchemaCoding.$omitsUnlistedMembers.withValue(true, operation: reencoded)
            else { return found }
            let declared = try JSONDecoder().decode(JSONValue.self, from: data)
            var undeclared: [(pointer: String, message: String)] = []
            FixtureJSONDifference.all(expected: expected, actual: declared, into: &undeclared)
            let lost = Set(found.map(\.pointer))
            for difference in undeclared where !lost.contains(difference.pointer) {
                found.append((difference.pointer, "a member the schema does not declare (strict)"))
            }
            return found
        } catch {
            return [("", "not JSON: \(error)")]
        }
    }
}

/// A decoding error as a JSON pointer and a sentence.
enum FixtureDecodingText {
    static func pointer(_ keys: [any CodingKey]) -> String {
        keys.map { "/" + ($0.intValue.map(String.init) ?? escape($0.stringValue)) }.joined()
    }

    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    static func describe(_ error: DecodingError) -> (pointer: String, message: String) {
        switch error {
        case .keyNotFound(let key, let context):
            return (pointer(context.codingPath + [key]), "the member is required but missing")
        case .typeMismatch(let type, let context):
            return (pointer(context.codingPath), "not \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (pointer(context.codingPath), "null, \(type) expected")
        case .dataCorrupted(let context):
            return (pointer(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(error)")
        }
    }
}

/// The places where two JSON values differ, as the wire reads them: object members that are
/// `null` count as absent (the generated types omit `nil` optionals, serde writes `null`), numbers
/// compare by value, date-times by the instant they name, and everything else must be equal.
enum FixtureJSONDifference {
    /// Appends every difference below `pointer` to `found`, members in key order (arrays of
    /// different lengths are one difference).
    static func all(
        expected: JSONValue, actual: JSONValue, pointer: String = "",
        into found: inout [(pointer: String, message: String)]
    ) {
        switch (normalized(expected), normalized(actual)) {
        case (.object(let left), .object(let right)):
            for key in Set(left.keys).union(right.keys).sorted() {
                let member = pointer + "/" + FixtureDecodingText.escape(key)
                switch (left[key], right[key]) {
                case (let l?, let r?):
                    all(expected: l, actual: r, pointer: member, into: &found)
                case (let l?, nil):
                    found.append(
                        (
                            member,
                            "the example has \(CanonicalJSON.render(l)) but the re-encoded value has no such member"
                        ))
                case (nil, let r?):
                    found.append(
                        (member, "the re-encoded value has \(CanonicalJSON.render(r)) that the example does not"))
                case (nil, nil):
                    continue
                }
            }
        case (.array(let left), .array(let right)):
            guard left.count == right.count else {
                return found.append(
                    (pointer, "the example has \(left.count) elements, the re-encoded value \(right.count)"))
            }
            for (offset, pair) in zip(left, right).enumerated() {
                all(expected: pair.0, actual: pair.1, pointer: "\(pointer)/\(offset)", into: &found)
            }
        case (let left, let right):
            if sameNumber(left, right) || left == right || sameInstant(left, right) { return }
            found.append(
                (
                    pointer,
                    "the example has \(CanonicalJSON.render(left)), the re-encoded value \(CanonicalJSON.render(right))"
                ))
        }
    }

    /// Drops `null` members of objects.
    static func normalized(_ value: JSONValue) -> JSONValue {
        guard case .object(let members) = value else { return value }
        return .object(members.filter { $0.value != .null })
    }

    /// Two RFC 3339 date-times naming the same instant (`…T21:31:01+00:10` and `…T21:21:01Z`): a
    /// `Date` in a union or a collection is written back in UTC, with the instant it was read as.
    private static func sameInstant(_ left: JSONValue, _ right: JSONValue) -> Bool {
        guard case .string(let a) = left, case .string(let b) = right, let first = RFC3339.parse(a),
            let second = RFC3339.parse(b)
        else { return false }
        return abs(first.timeIntervalSince1970 - second.timeIntervalSince1970) < 0.000_000_5
    }

    private static func sameNumber(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.integer(let a), .double(let b)), (.double(let b), .integer(let a)):
            return Double(a) == b && Int64(exactly: b) == a
        case (.unsigned(let a), .double(let b)), (.double(let b), .unsigned(let a)): return UInt64(exactly: b) == a
        case (.bigInteger(let a), .double(let b)), (.double(let b), .bigInteger(let a)):
            return b.rounded() == b && JSONInteger(String(format: "%.0f", b)) == a
        default: return false
        }
    }
}
