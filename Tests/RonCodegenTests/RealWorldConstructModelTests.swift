import Foundation
import Testing

@testable import RonCodegenCore

/// The model of the real-world constructs: untagged enums, flattened structs, tuples, maps with
/// `propertyNames`, loops through optionals and unions, member aliases.
@Suite("Real-world constructs translate to the model")
struct RealWorldConstructModelTests {
    private func model(_ defs: String) throws -> SchemaModel {
        try CodeGenerator().model(documents: [("a.json", #"{"$defs": {"# + defs + "}}")])
    }

    private func type(_ name: String, in defs: String) throws -> NamedType {
        try #require(try model(defs).types.first { $0.name == name })
    }

    @Test func anUntaggedAnyOfIsAnEnumWithACasePerVariantInOrder() throws {
        let value = try type(
            "V",
            in: #"""
                "V": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/Point"}, {"type": "integer", "format": "int32"},
                  {"description": "Words.", "type": "array", "items": {"type": "string"}}, {"type": "string"}, {"type": "string", "format": "uuid"}]},
                "Point": {"type": "object", "properties": {"x": {"type": "number"}}}
                """#)
        #expect(
            value.shape
                == .untagged(variants: [
                    .init(swiftName: "null", payload: nil, documentation: nil),
                    .init(swiftName: "point", payload: .named("Point", arguments: []), documentation: nil),
                    .init(swiftName: "int32", payload: .int32, documentation: nil),
                    .init(swiftName: "stringArray", payload: .array(.string), documentation: "Words."),
                    .init(swiftName: "string", payload: .string, documentation: nil),
                    .init(swiftName: "string2", payload: .string, documentation: nil),
                ]))
    }

    @Test func anUntaggedVariantThatMayBeNullIsTheVariantAndANullCase() throws {
        let value = try type(
            "A", in: #""A": {"oneOf": [{"type": "string"}, {"type": ["integer", "null"], "format": "int32"}]}"#)
        #expect(
            value.shape
                == .untagged(variants: [
                    .init(swiftName: "string", payload: .string, documentation: nil),
                    .init(swiftName: "int32", payload: .int32, documentation: nil),
                    .init(swiftName: "null", payload: nil, documentation: nil),
                ]))
        // One typed variant and null: an optional of that type where it is used.
        let listed = try type(
            "B",
            in: #""B": {"anyOf": [{"type": ["string", "null"]}, {"type": "null", "description": "None."}]}"#)
        #expect(listed.shape == .alias(.string))
    }

    @Test func anInlineStructVariantOfAnUntaggedEnumIsANamedStructAtTheVariant() throws {
        let types = try model(
            #"""
            "F": {"anyOf": [{"type": "object", "properties": {"r": {"type": "number"}}},
              {"title": "Square", "type": "object", "properties": {"s": {"type": "number"}}}, {"type": "string"}]}
            """#
        ).types
        #expect(types.map(\.name) == ["F", "FVariant0", "FSquare"])
        #expect(types[1].origin == Origin(file: "a.json", pointer: "/$defs/F/anyOf/0"))
        #expect(
            types[0].shape
                == .untagged(variants: [
                    .init(swiftName: "variant0", payload: .named("FVariant0", arguments: []), documentation: nil),
                    .init(swiftName: "square", payload: .named("FSquare", arguments: []), documentation: "Square"),
                    .init(swiftName: "string", payload: .string, documentation: nil),
                ]))
    }

    @Test func anAllOfOfSeveralObjectsIsOneStructWithRequiredAsTheUnion() throws {
        let merged = try type(
            "M",
            in: #"""
                "M": {"allOf": [{"$ref": "#/$defs/A"}, {"type": "object", "required": ["b"], "properties": {"a": {"type": "string"}, "b": {"type": "boolean"}}}]},
                "A": {"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}, "a_b": {"type": "integer"}}}
                """#)
        guard case .structure(let parameters, let fields) = merged.shape else {
            Issue.record("not a struct: \(merged.shape)")
            return
        }
        #expect(parameters.isEmpty)
        #expect(fields.listed.map(\.wireName) == ["a", "a_b", "b"])
        #expect(fields.listed.map(\.swiftName) == ["a", "aB", "b"])
        #expect(fields.listed.map(\.required) == [true, false, true])
    }

    @Test func aTupleIsPositionalAndAnInlineTupleIsANamedTypeAtItsPointer() throws {
        let types = try model(
            #"""
            "T": {"type": "array", "prefixItems": [{"type": "string"}, {"type": ["integer", "null"], "format": "uint8"}], "items": false, "minItems": 2, "maxItems": 2},
            "S": {"type": "object", "properties": {"pair": {"type": "array", "items": [{"type": "boolean"}], "minItems": 1, "maxItems": 1}}}
            """#
        ).types
        #expect(
            types.first { $0.name == "T" }?.shape
                == .tuple(elements: [
                    .init(type: .string, nullable: false, documentation: nil),
                    .init(type: .uint8, nullable: true, documentation: nil),
                ]))
        let inline = try #require(types.first { $0.name == "SPair" })
        #expect(inline.origin == Origin(file: "a.json", pointer: "/$defs/S/properties/pair"))
        #expect(inline.shape == .tuple(elements: [.init(type: .bool, nullable: false, documentation: nil)]))
        guard case .structure(_, let fields)? = types.first(where: { $0.name == "S" })?.shape else {
            Issue.record("S is not a struct")
            return
        }
        #expect(fields.first?.type == .named("SPair", arguments: []))
    }

    @Test func aMapWithPropertyNamesKeepsStringKeysAndSaysTheRule() throws {
        let holder = try type(
            "H",
            in: #"""
                "H": {"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "string"}, "propertyNames": {"format": "uint32"}}}}
                """#)
        guard case .structure(_, let fields) = holder.shape else {
            Issue.record("not a struct")
            return
        }
        #expect(fields[0].type == .map(.string))
        #expect(fields[0].documentation == #"Keys (`propertyNames`): `format`: "uint32"."#)
    }

    @Test func loopsThroughOptionalsAreBoxedAndEnumsOnALoopAreIndirect() throws {
        let types = try model(
            #"""
            "Node": {"type": "object", "required": ["v"], "properties": {"v": {"type": "integer"}, "next": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]}, "tag": {"$ref": "#/$defs/Tag"}}},
            "Tag": {"type": "object", "properties": {"name": {"type": "string"}}},
            "Expr": {"oneOf": [{"type": "object", "required": ["Neg"], "properties": {"Neg": {"$ref": "#/$defs/Expr"}}}]},
            "Flat": {"oneOf": [{"type": "object", "required": ["N"], "properties": {"N": {"type": "integer"}}}]}
            """#
        ).types
        guard case .structure(_, let fields)? = types.first(where: { $0.name == "Node" })?.shape else {
            Issue.record("Node is not a struct")
            return
        }
        #expect(fields.listed.map(\.boxed) == [false, true, false], "only the member on the loop is boxed")
        #expect(types.first { $0.name == "Expr" }?.indirect == true)
        #expect(types.first { $0.name == "Flat" }?.indirect == false)
    }

    @Test func optionalStructsNestInlineAtMostTwoLevelsDeep() throws {
        let types = try model(
            #"""
            "S0": {"type": "object", "properties": {"v": {"type": "integer"}}},
            "S1": {"type": "object", "properties": {"p": {"$ref": "#/$defs/S0"}}},
            "S2": {"type": "object", "properties": {"p": {"$ref": "#/$defs/S1"}}},
            "S3": {"type": "object", "properties": {"p": {"$ref": "#/$defs/S2"}}},
            "S4": {"type": "object", "properties": {"p": {"$ref": "#/$defs/S3"}, "q": {"$ref": "#/$defs/S1"}, "r": {"$ref": "#/$defs/S0"}}},
            "Req": {"type": "object", "required": ["s"], "properties": {"s": {"$ref": "#/$defs/S1"}}},
            "Outer": {"type": "object", "properties": {"req": {"$ref": "#/$defs/Req"}, "list": {"type": "array", "items": {"$ref": "#/$defs/S3"}}}},
            "Alias": {"$ref": "#/$defs/S1"},
            "ByAlias": {"type": "object", "properties": {"a": {"$ref": "#/$defs/Alias"}}}
            """#
        ).types
        func boxed(_ name: String) -> [Bool] {
            guard case .structure(_, let fields)? = types.first(where: { $0.name == name })?.shape else { return [] }
            return fields.listed.map(\.boxed)
        }
        #expect(boxed("S1") == [false], "a struct without struct members stays inline")
        #expect(boxed("S2") == [true], "S1 holds an optional struct inline")
        #expect(boxed("S3") == [false], "S2 keeps its S1 in a box, so it nests nothing inline")
        #expect(boxed("S4") == [true, true, false])
        #expect(boxed("Req") == [false], "required members stay inline")
        #expect(
            boxed("Outer") == [true, false], "Req holds S1 inline through a required member; arrays store out of line")
        #expect(boxed("ByAlias") == [true], "an alias of S1 is S1, which nests")
    }

    @Test func membersAndUnionsThatHoldMuchInlineAreStoredOutOfLine() throws {
        let limit = SchemaTranslator.inlineSizeLimit
        // A struct of `limit` strings, closed: exactly the limit, so it stays inline; one more
        // string (or the open struct's map of other members) is over it.
        let strings = (0..<limit).map { #""s\#($0)": {"type": "string"}"# }.joined(separator: ", ")
        let types = try model(
            #"""
            "AtLimit": {"type": "object", "additionalProperties": false, "properties": {\#(strings)}},
            "Large": {"type": "object", "properties": {\#(strings)}},
            "Numbers": {"type": "object", "additionalProperties": false, "properties": {"a": {"type": "integer"}, "b": {"type": "number"}, "c": {"type": "boolean"}, "d": {"type": "integer"}, "e": {"type": "integer"}, "f": {"type": "integer"}}},
            "Holder": {"type": "object", "additionalProperties": false, "required": ["large", "atLimit", "numbers", "list"],
              "properties": {"large": {"$ref": "#/$defs/Large"}, "maybe": {"$ref": "#/$defs/Large"}, "atLimit": {"$ref": "#/$defs/AtLimit"},
                "numbers": {"$ref": "#/$defs/Numbers"}, "list": {"type": "array", "items": {"$ref": "#/$defs/Large"}}, "alias": {"$ref": "#/$defs/LargeAlias"}}},
            "LargeAlias": {"$ref": "#/$defs/Large"},
            "Pair": {"type": "object", "additionalProperties": false, "required": ["a", "b"], "properties": {"a": {"$ref": "#/$defs/AtLimit"}, "b": {"$ref": "#/$defs/AtLimit"}}},
            "PairHolder": {"type": "object", "additionalProperties": false, "properties": {"pair": {"$ref": "#/$defs/Pair"}}},
            "BigUnion": {"anyOf": [{"$ref": "#/$defs/Large"}, {"type": "string"}]},
            "SmallUnion": {"anyOf": [{"$ref": "#/$defs/AtLimit"}, {"type": "integer"}]}
            """#
        ).types
        func boxed(_ name: String) -> [Bool] {
            guard case .structure(_, let fields)? = types.first(where: { $0.name == name })?.shape else { return [] }
            return fields.listed.map(\.boxed)
        }
        #expect(
            boxed("Holder") == [true, true, false, false, false, true],
            "required and optional members over the limit, through an alias too; not at it, not numbers, not arrays")
        #expect(boxed("Large") == [false, false, false, false], "strings are not boxed")
        #expect(boxed("Pair") == [false, false], "each member is at the limit")
        #expect(boxed("PairHolder") == [true], "what a member holds inline through its own members counts")
        #expect(types.first { $0.name == "BigUnion" }?.indirect == true, "a payload over the limit")
        #expect(types.first { $0.name == "SmallUnion" }?.indirect == false)
    }

    @Test func anAliasThatNamesItselfThroughAnArrayOrAMapIsANewtype() throws {
        let types = try model(
            #"""
            "A": {"type": "array", "items": {"$ref": "#/$defs/A"}},
            "M": {"type": "object", "additionalProperties": {"$ref": "#/$defs/N"}},
            "N": {"type": "array", "items": {"$ref": "#/$defs/M"}},
            "Plain": {"type": "array", "items": {"$ref": "#/$defs/A"}}
            """#
        ).types
        #expect(
            types.map(\.shape) == [
                .newtype(.array(.named("A", arguments: []))), .newtype(.map(.named("N", arguments: []))),
                .newtype(.array(.named("M", arguments: []))), .alias(.array(.named("A", arguments: []))),
            ])
    }

    @Test func aNullTypeIsAUnitStruct() throws {
        #expect(try type("U", in: #""U": {"description": "Unit.", "type": "null"}"#).shape == .unit)
    }

    @Test func aliasesAreKeptInOrder() throws {
        let cursor = try type(
            "C",
            in:
                #""C": {"type": "object", "properties": {"next_page_token": {"type": "string", "x-ron-aliases": ["nextPageToken", "next"]}}}"#
        )
        guard case .structure(_, let fields) = cursor.shape else {
            Issue.record("not a struct")
            return
        }
        #expect(fields[0].aliases == ["nextPageToken", "next"])
    }

    @Test func keywordsOfTwoKindsWithoutATypeMakeAUnionOfEveryKind() throws {
        // `properties` constrains only objects and `items` only arrays: a string, a number or a
        // boolean is valid too, so each is a case (a lone `properties` still means an object).
        let types = try model(
            #""U": {"properties": {"bar": {"type": "integer"}}, "required": ["bar"], "items": {"type": "integer"}}, "O": {"properties": {"bar": {"type": "integer"}}}"#
        )
        let union = try #require(types.types.first { $0.name == "U" })
        guard case .untagged(let variants) = union.shape else {
            Issue.record("not a union: \(union.shape)")
            return
        }
        #expect(
            variants.map(\.payload) == [.named("UObject", arguments: []), .array(.bigInteger), .string, .double, .bool])
        let object = try #require(types.types.first { $0.name == "O" })
        guard case .structure = object.shape else {
            Issue.record("a lone properties is not a struct: \(object.shape)")
            return
        }
    }

    @Test func aRefToAPointerThatNamesNothingFindsAnIdWrittenAsThatPointer() throws {
        // quicktype's ref-id-files: `"$id": "#/foo"` is a plain name written as a pointer.
        let model = try CodeGenerator().model(documents: [
            ("test.json", ##"{"$id": "test.json", "$ref": "b/test3.json#/foo"}"##),
            (
                "b/test3.json",
                ##"{"$id": "b/test3.json", "definitions": {"foo": {"$id": "#/foo", "type": "object", "properties": {"foo": {"type": "integer"}}}}}"##
            ),
        ])
        let fields = model.types.compactMap { type -> [Field]? in
            guard case .structure(_, let fields) = type.shape else { return nil }
            return fields
        }
        #expect(fields.contains { $0.contains { $0.wireName == "foo" && $0.type == .bigInteger } })
    }
}
