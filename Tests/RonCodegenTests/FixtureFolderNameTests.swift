import Foundation
import RonCodegenCore
import Testing

/// `FixtureFolderName`: the fixtures folder of a `TypeReference`, in the grammar `RonFixtures`
/// reads back (`RonFixtureShape` in RonGenerated).
@Suite("Fixture folder names of types")
struct FixtureFolderNameTests {
    @Test(
        "a scalar's folder is the type a generated member of it decodes with",
        arguments: [
            (TypeReference.bool, "Bool"), (.string, "String"), (.double, "Double"), (.float, "Float"), (.int, "Int"),
            (.int8, "Int8"), (.int16, "Int16"), (.int32, "Int32"), (.uint, "UInt"), (.uint8, "UInt8"),
            (.uint16, "UInt16"), (.uint32, "UInt32"), (.int64(asString: false), "Int64"),
            (.int64(asString: true), "WireInt64String"), (.uint64(asString: false), "UInt64"),
            (.uint64(asString: true), "WireUInt64String"), (.bigInteger, "JSONInteger"), (.decimal, "Decimal"),
            (.bytes, "WireBase64URL"), (.timestamp, "WireTimestamp"), (.json, "JSONValue"),
        ])
    func scalars(_ type: TypeReference, _ folder: String) {
        #expect(FixtureFolderName.name(for: type) == folder)
        // The names RonFixtureScalar reads (RonGenerated's grammar), checked there by FixtureShapesTests.
        #expect(Self.runtimeScalars.contains(folder))
    }

    /// The raw values of `RonFixtureScalar` in RonGenerated.
    static let runtimeScalars: Set<String> = [
        "Bool", "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Decimal", "JSONInteger", "JSONValue", "WireTimestamp", "WireInt64String",
        "WireUInt64String", "WireBase64URL",
    ]

    @Test("a named type is its name; a generic one its name alone, as the catalog lists it")
    func namedTypes() {
        #expect(FixtureFolderName.name(for: .named("Gadget", arguments: [])) == "Gadget")
        #expect(
            FixtureFolderName.name(for: .named("Page", arguments: [.named("Gadget", arguments: [])])) == "Page")
        #expect(FixtureFolderName.name(for: .named("Pair", arguments: [.typeParameter("T"), .string])) == "Pair")
    }

    @Test("lists and maps nest, the outermost last")
    func collections() {
        let gadget = TypeReference.named("Gadget", arguments: [])
        #expect(FixtureFolderName.name(for: .array(gadget)) == "Gadget.list")
        #expect(FixtureFolderName.name(for: .map(gadget)) == "Gadget.map")
        #expect(FixtureFolderName.name(for: .map(.array(gadget))) == "Gadget.list.map")
        #expect(FixtureFolderName.name(for: .array(.map(gadget))) == "Gadget.map.list")
        #expect(FixtureFolderName.name(for: .array(.timestamp)) == "WireTimestamp.list")
        #expect(FixtureFolderName.name(for: .map(.int64(asString: true))) == "WireInt64String.map")
        #expect(FixtureFolderName.name(for: .array(.array(.bool))) == "Bool.list.list")
        #expect(
            FixtureFolderName.name(for: .array(.named("Page", arguments: [gadget]))) == "Page.list")
    }

    @Test("a type parameter has no folder, nor has a collection of one")
    func typeParameters() {
        #expect(FixtureFolderName.name(for: .typeParameter("T")) == nil)
        #expect(FixtureFolderName.name(for: .array(.typeParameter("T"))) == nil)
        #expect(FixtureFolderName.name(for: .map(.array(.typeParameter("T")))) == nil)
    }

    @Test("every name is safe as a folder name")
    func safeNames() {
        let types: [TypeReference] = [
            .map(.array(.named("Page", arguments: [.named("Gadget", arguments: [])]))), .timestamp, .bytes,
        ]
        for type in types {
            let name = FixtureFolderName.name(for: type) ?? ""
            #expect(!name.isEmpty && !name.contains(where: { "/\\:<>[], ".contains($0) }), "\(name)")
        }
    }
}
