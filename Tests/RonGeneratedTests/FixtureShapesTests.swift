import Foundation
import RonGenerated
import Testing

/// `RonFixtures` on folders that name an answer that is not one generated type (`RonFixtureShape`):
/// scalars by their wire type, `X.list`, `X.map` and their nesting, checked with this package's own
/// `RonSchemaCatalog`.
@Suite("Fixture folders of scalars, lists and maps")
struct FixtureShapesTests {
    /// An `Item` that fits.
    static let item = #"""
        {"id": "i1", "name": "Alpha", "state": "draft", "size_bytes": 1, "version": "7",
         "created_at": "2025-06-01T12:30:45Z"}
        """#
    /// Another `Item` that fits, its date-time with an offset.
    static let other = #"""
        {"id": "i2", "name": "Beta", "state": "published", "size_bytes": 2, "version": "-3",
         "created_at": "2025-06-01T12:30:45+02:00"}
        """#
    /// `item` with a number for its name.
    static let numberName = item.replacingOccurrences(of: #""Alpha""#, with: "3")
    /// `item` with its `Int64` version as a JSON number, not the string the wire carries.
    static let numberVersion = item.replacingOccurrences(of: #""7""#, with: "7")
    /// Two items, the second wrong.
    static let listOfWrongName = "[\(item), \(numberName)]"
    /// Two items, the second without a name.
    static let listOfMissingName = #"[\#(item), {"id": "x"}]"#
    /// A map of lists of items, one with a wrong version.
    static let groupOfWrongVersion = #"{"g": [\#(item), \#(numberVersion)]}"#

    /// A fixtures folder of `examples` (path → JSON text) below a new temporary folder.
    private static func folder(_ examples: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-fixture-shapes-\(UUID().uuidString)")
        for (path, text) in examples {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test("scalars, lists, maps and nested shapes that fit pass")
    func fittingExamplesPass() throws {
        let folder = try Self.folder([
            "Bool/yes.json": "true",
            "String/name.json": #""hello""#,
            "Int32/count.json": "-42",
            "UInt64/big.json": "18446744073709551615",
            "Double/ratio.json": "0.25",
            "Decimal/price.json": "12.5",
            "JSONInteger/huge.json": "123456789012345678901234567890",
            "JSONValue/anything.json": #"{"a": [1, "b", null, {"c": true}]}"#,
            "WireTimestamp/at.json": #""2025-06-01T12:30:45.5+01:00""#,
            "WireInt64String/id.json": #""-9223372036854775808""#,
            "WireBase64URL/bytes.json": #""3q2-7w""#,
            "Item/one.json": Self.item,
            "Item.list/two.json": "[\(Self.item), \(Self.other)]",
            "Item.list/empty.json": "[]",
            "Item.map/byId.json": #"{"i1": \#(Self.item), "i2": \#(Self.other)}"#,
            "Item.list.map/groups.json": #"{"a": [\#(Self.item)], "b": []}"#,
            "String.list/names.json": #"["a", "b"]"#,
            "WireTimestamp.map/times.json": #"{"x": "2025-06-01T12:30:45Z"}"#,
            "Bool.list.list/grid.json": "[[true], [false, true]]",
            "Page/page.json": #"{"items": [1, "two"], "next_page_token": null}"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let failures = RonFixtures.failures(folder: folder, catalog: RonSchemaCatalog.self)
        #expect(failures.isEmpty, "\(failures)")
        #expect(RonFixtures.examples(in: folder).count == 20)
        try RonFixtures.verify(folder: folder, catalog: RonSchemaCatalog.self)
    }

    @Test(
        "a wrong value fails with the pointer into the whole example",
        arguments: [
            ("Bool", #""yes""#, "", "does not decode"),
            ("String", "1", "", "does not decode"),
            ("Int8", "300", "", "300 is out of range for Int8"),
            ("Int", "1.5", "", "1.5 is not an integer (Int expected)"),
            ("JSONValue.list", #"{"a": 1}"#, "", "not a JSON array but an object"),
            ("WireTimestamp", #""yesterday""#, "", "is not an RFC 3339 timestamp"),
            ("WireTimestamp.list", #"["2025-06-01T12:30:45Z", "noon"]"#, "/1", "is not an RFC 3339 timestamp"),
            ("WireInt64String", "7", "", "does not decode"),
            ("WireBase64URL", #""YQ==""#, "", #"the example has "YQ==", the re-encoded value "YQ""#),
            ("Item.list", FixtureShapesTests.listOfWrongName, "/1/name", "not String"),
            ("Item.list", FixtureShapesTests.listOfMissingName, "/1/name", "required but missing"),
            ("Item.map", #"{"a~b/c": {"id": "x"}}"#, "/a~0b~1c/name", "required but missing"),
            ("Item.map", "[\(FixtureShapesTests.item)]", "", "not a JSON object but an array"),
            ("Item.list.map", FixtureShapesTests.groupOfWrongVersion, "/g/1/version", "not String"),
            ("Bool.list.list", "[[true], [1]]", "/1/0", "does not decode"),
            ("String.map", #"{"a": "x", "b": null}"#, "/b", "does not decode"),
        ])
    func wrongValuesFail(folderName: String, json: String, pointer: String, message: String) throws {
        let folder = try Self.folder(["\(folderName)/wrong.json": json])
        defer { try? FileManager.default.removeItem(at: folder) }
        let failures = RonFixtures.failures(folder: folder, catalog: RonSchemaCatalog.self)
        let failure = try #require(failures.first, "\(folderName): \(json) passed")
        #expect(failures.count == 1)
        #expect(failure.typeName == folderName)
        #expect(failure.pointer == pointer, "\(failure)")
        #expect(failure.message.contains(message), "\(failure)")
        // The same comparison without a folder: every difference, in pointer order.
        let differences = RonFixtures.differences(of: Data(json.utf8), as: folderName, catalog: RonSchemaCatalog.self)
        #expect(differences.first?.pointer == pointer)
    }

    @Test("strict reaches into the elements of a list")
    func strictReachesElements() throws {
        let extra = Self.item.replacingOccurrences(of: "{", with: #"{"surprise": 1, "#)
        let json = Data("[\(Self.item), \(extra)]".utf8)
        #expect(RonFixtures.differences(of: json, as: "Item.list", catalog: RonSchemaCatalog.self).isEmpty)
        let strict = RonFixtures.differences(of: json, as: "Item.list", catalog: RonSchemaCatalog.self, strict: true)
        #expect(strict.map(\.pointer) == ["/1/surprise"])
        #expect(strict.first?.message == "a member the schema does not declare (strict)")
    }

    @Test("every difference of a list is reported, element by element")
    func everyDifferenceOfAList() {
        let json = Data(#"["2025-06-01T12:30:45Z", "noon", "never"]"#.utf8)
        let differences = RonFixtures.differences(of: json, as: "WireTimestamp.list", catalog: RonSchemaCatalog.self)
        #expect(differences.map(\.pointer) == ["/1", "/2"])
    }

    @Test("an unknown folder name fails, and the report says what a folder may name")
    func unknownNamesFail() throws {
        let folder = try Self.folder([
            "bool/x.json": "true",
            "Nope.list/x.json": "[]",
            "Item.set/x.json": "[]",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let failures = RonFixtures.failures(folder: folder, catalog: RonSchemaCatalog.self)
        #expect(failures.map(\.typeName).sorted() == ["Item.set", "Nope.list", "bool"])
        for failure in failures {
            #expect(failure.message == "'\(failure.typeName)' is not a generated type")
            #expect(failure.description.contains(RonFixtureShape.grammar))
        }
        let error = try #require(throws: RonFixtureVerificationError.self) {
            try RonFixtures.verify(folder: folder, catalog: RonSchemaCatalog.self)
        }
        #expect(error.description.contains("Bool, String, Int, Int8"))
        #expect(error.description.contains("WireTimestamp"))
        #expect(error.description.contains("X.list"))
        #expect(error.description.components(separatedBy: RonFixtureShape.grammar).count == 2)
    }

    @Test("a wrong example of a named type does not add the grammar")
    func namedFailuresStayPlain() throws {
        let folder = try Self.folder(["Item/x.json": "{}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let failure = try #require(RonFixtures.failures(folder: folder, catalog: RonSchemaCatalog.self).first)
        #expect(!failure.description.contains(RonFixtureShape.grammar))
    }

    @Test("folder names read back as shapes; a catalog name wins")
    func shapesReadBack() {
        let nested = RonFixtureShape(folderName: "Item.list.map", catalog: RonSchemaCatalog.self)
        #expect(nested == .map(.list(.named("Item"))))
        #expect(nested?.folderName == "Item.list.map")
        #expect(
            RonFixtureShape(folderName: "WireTimestamp.list", catalog: RonSchemaCatalog.self)
                == .list(.scalar(.wireTimestamp)))
        #expect(RonFixtureShape(folderName: "Page", catalog: RonSchemaCatalog.self) == .named("Page"))
        #expect(RonFixtureShape(folderName: "Nope", catalog: RonSchemaCatalog.self) == nil)
        #expect(RonFixtureShape(folderName: ".map", catalog: RonSchemaCatalog.self) == nil)
        // A type of the catalog named like a shape is that type.
        #expect(RonFixtureShape(folderName: "Bool.list", isTypeName: { $0 == "Bool.list" }) == .named("Bool.list"))
        #expect(RonFixtureShape(folderName: "Bool", isTypeName: { $0 == "Bool" }) == .named("Bool"))
        // Without a catalog, a name that is no scalar is a type's.
        #expect(RonFixtureShape(folderName: "Gadget.list") == .list(.named("Gadget")))
        #expect(RonFixtureShape(folderName: "String.map") == .map(.scalar(.string)))
        #expect(RonFixtureShape(folderName: "") == nil)
        for scalar in RonFixtureScalar.allCases {
            #expect(RonFixtureShape(folderName: scalar.rawValue, catalog: RonSchemaCatalog.self) == .scalar(scalar))
        }
        #expect(
            RonFixtureScalar.allCases.map(\.rawValue) == [
                "Bool", "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
                "UInt64", "Double", "Float", "Decimal", "JSONInteger", "JSONValue", "WireTimestamp",
                "WireInt64String", "WireUInt64String", "WireBase64URL",
            ])
    }

    @Test("a date-time keeps its text through WireTimestamp, as a struct member does")
    func timestampsKeepTheirText() throws {
        let text = #""2025-06-01T12:30:45.5+01:00""#
        let reencoded = try RonFixtureScalar.wireTimestamp.reencode(Data(text.utf8))
        #expect(String(decoding: reencoded, as: UTF8.self) == text)
    }
}
