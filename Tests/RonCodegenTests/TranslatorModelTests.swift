import Foundation
import Testing

@testable import RonCodegenCore

/// Small schema → model snippets, one per construct of the translator, beside the golden files:
/// each shows what the model holds (typed values, origins), before any Swift is spelled.
@Suite("Schema snippets translate to the model")
struct TranslatorModelTests {
    /// The model of one document `a.json` whose `$defs` are `defs`.
    private func model(_ defs: String) throws -> SchemaModel {
        try CodeGenerator().model(documents: [("a.json", #"{"$defs": {"# + defs + "}}")])
    }

    private func type(_ name: String, in defs: String) throws -> NamedType {
        try #require(try model(defs).types.first { $0.name == name })
    }

    @Test func aStructKeepsWireNamesRequirednessAndTypedDefaults() throws {
        let widget = try type(
            "Widget",
            in: #"""
                "Widget": {"type": "object", "required": ["id"], "properties": {
                  "id": {"type": "string", "x-ron-type": "u64"},
                  "retry_count": {"type": "integer", "x-ron-type": "u8", "default": 3},
                  "ratio": {"type": "number", "default": 1},
                  "label": {"type": "string", "default": "a \"b\"\n"},
                  "tags": {"type": "array", "items": {"type": "string"}, "default": []},
                  "mode": {"$ref": "#/$defs/Mode", "default": "fast-lane"}}},
                "Mode": {"type": "string", "enum": ["fast-lane", "slow"]}
                """#)
        guard case .structure(let parameters, let fields) = widget.shape else {
            Issue.record("not a struct: \(widget.shape)")
            return
        }
        #expect(parameters.isEmpty)
        #expect(fields.listed.map(\.wireName) == ["id", "retry_count", "ratio", "label", "tags", "mode"])
        #expect(fields.listed.map(\.swiftName) == ["id", "retryCount", "ratio", "label", "tags", "mode"])
        #expect(fields[0].type == .uint64(asString: true) && fields[0].required && !fields[0].isOptional)
        #expect(fields[1].type == .uint8 && fields[1].defaultValue == .integer("3"))
        #expect(fields[2].defaultValue == .number("1"))
        #expect(fields[3].defaultValue == .string("a \"b\"\n"))
        #expect(fields[4].defaultValue == .emptyArray)
        #expect(fields[5].defaultValue == .enumCase("fastLane"))
        #expect(widget.origin == Origin(file: "a.json", pointer: "/$defs/Widget"))
    }

    @Test func aStringEnumKeepsWireValuesAndNamesCases() throws {
        let mode = try type(
            "Mode",
            in: #""Mode": {"type": "string", "enum": ["fast-lane", "v2"], "x-ron-case-names": {"v2": "second"}}"#)
        #expect(
            mode.shape
                == .stringEnum(cases: [
                    .init(wireValue: "fast-lane", swiftName: "fastLane"), .init(wireValue: "v2", swiftName: "second"),
                ]))
    }

    @Test func aOneOfOfDocumentedConstStringsIsAStringEnum() throws {
        let day = try type(
            "Day",
            in: #"""
                "Day": {"oneOf": [
                  {"description": "First.", "type": "string", "const": "Mon"},
                  {"type": "string", "enum": ["tue-day"]}]}
                """#)
        #expect(
            day.shape
                == .stringEnum(cases: [
                    .init(wireValue: "Mon", swiftName: "mon", documentation: "First."),
                    .init(wireValue: "tue-day", swiftName: "tueDay"),
                ]))
    }

    @Test func aOneOfListingOneConstTwiceIsOneCase() throws {
        let day = try type("Day", in: #""Day": {"oneOf": [{"const": "Mon"}, {"const": "Mon"}]}"#)
        #expect(day.shape == .stringEnum(cases: [.init(wireValue: "Mon", swiftName: "mon")]))
    }

    @Test func aOneOfOfUnitNamesAndOneMemberObjectsIsExternallyTagged() throws {
        let shape = try type(
            "Shape",
            in: #"""
                "Shape": {"oneOf": [
                  {"type": "string", "enum": ["Empty", "tag"]},
                  {"description": "Data.", "type": "object", "required": ["Circle"],
                   "properties": {"Circle": {"$ref": "#/$defs/Circle"}}, "additionalProperties": false},
                  {"type": "object", "required": ["N"], "properties": {"N": {"type": "integer", "format": "int16"}}}]},
                "Circle": {"type": "object", "properties": {"r": {"type": "number"}}}
                """#)
        #expect(
            shape.shape
                == .externallyTagged(variants: [
                    .init(tag: "Empty", swiftName: "empty", payload: nil, documentation: nil),
                    .init(tag: "tag", swiftName: "tagCase", payload: nil, documentation: nil),
                    .init(
                        tag: "Circle", swiftName: "circle", payload: .named("Circle", arguments: []),
                        documentation: "Data."),
                    .init(tag: "N", swiftName: "n", payload: .int16, documentation: nil),
                ]))
    }

    @Test func aStructVariantBecomesANamedStructAtItsData() throws {
        let types = try model(
            #""S": {"oneOf": [{"type": "object", "required": ["V"], "properties": {"V": {"type": "object", "properties": {"a": {"type": "string"}}}}}]}"#
        ).types
        let variant = try #require(types.first { $0.name == "SV" })
        #expect(variant.origin == Origin(file: "a.json", pointer: "/$defs/S/oneOf/0/properties/V"))
        #expect(
            types.first { $0.name == "S" }?.shape
                == .externallyTagged(variants: [
                    .init(tag: "V", swiftName: "v", payload: .named("SV", arguments: []), documentation: nil)
                ]))
    }

    @Test func anExternallyTaggedVariantHoldingAnOptionalIsAnUntaggedEnum() throws {
        let types = try model(
            #""S": {"oneOf": [{"const": "A"}, {"type": "object", "required": ["V"], "properties": {"V": {"type": ["string", "null"]}}}]}"#
        ).types
        guard case .untagged(let variants)? = types.first(where: { $0.name == "S" })?.shape else {
            Issue.record("S is not an untagged enum")
            return
        }
        #expect(variants.count == 2)
    }

    @Test func aOneOfOfObjectsWithATagAndAContentMemberIsAdjacentlyTagged() throws {
        let shape = try type(
            "C",
            in: #"""
                "C": {"oneOf": [
                  {"type": "object", "properties": {"t": {"const": "Stop"}}, "required": ["t"]},
                  {"type": "object", "properties": {"t": {"enum": ["Go"]}, "c": {"type": "integer", "format": "int8"}},
                   "required": ["t"]}]}
                """#)
        #expect(
            shape.shape
                == .adjacentlyTagged(
                    tag: "t", content: "c",
                    variants: [
                        .init(tag: "Stop", swiftName: "stop", payload: nil, documentation: nil),
                        .init(tag: "Go", swiftName: "go", payload: .int8, documentation: nil),
                    ]))
    }

    @Test func aDiscriminatedOneOfIsATaggedUnion() throws {
        let shape = try type(
            "Shape",
            in: #"""
                "Shape": {"oneOf": [{"$ref": "#/$defs/Circle"}], "discriminator": {"propertyName": "kind", "mapping": {"circle": "#/$defs/Circle"}}},
                "Circle": {"type": "object", "properties": {"r": {"type": "number"}}}
                """#)
        #expect(
            shape.shape
                == .taggedUnion(
                    discriminator: "kind", variants: [.init(tag: "circle", swiftName: "circle", payload: "Circle")]))
    }

    @Test func propertyTypesCoverNullableMapsArraysAndRefs() throws {
        let holder = try type(
            "Holder",
            in: #"""
                "Holder": {"type": "object", "properties": {
                  "maybe": {"type": ["string", "null"]},
                  "counts": {"type": "object", "additionalProperties": {"type": "integer", "x-ron-type": "i64"}},
                  "when": {"type": "string", "format": "date-time"},
                  "raw": {"type": "string", "x-ron-type": "bytes"},
                  "other": {"$ref": "#/$defs/Other"},
                  "any": true}},
                "Other": {"type": "object", "properties": {}}
                """#)
        guard case .structure(_, let fields) = holder.shape else {
            Issue.record("not a struct")
            return
        }
        #expect(fields[0].type == .string && fields[0].nullable && fields[0].isOptional)
        #expect(fields[1].type == .map(.int64(asString: false)))
        #expect(fields[2].type == .timestamp)
        #expect(fields[3].type == .bytes)
        #expect(fields[4].type == .named("Other", arguments: []))
        #expect(fields[5].type == .json)
    }

    @Test func aPatternStringAndAnAliasAreTheirOwnShapes() throws {
        let types = try model(
            #""Slug": {"type": "string", "pattern": "^[a-z]+$"}, "Ids": {"type": "array", "items": {"type": "string"}}"#
        ).types
        #expect(types.first { $0.name == "Slug" }?.shape == .patternString(pattern: "^[a-z]+$"))
        #expect(types.first { $0.name == "Ids" }?.shape == .alias(.array(.string)))
    }

    @Test func aVariantDeclaringTheDiscriminatorIsCopiedWithoutIt() throws {
        let types = try model(
            #"""
            "Shape": {"oneOf": [{"$ref": "#/$defs/Circle"}], "discriminator": {"propertyName": "k/ind", "mapping": {"circle": "#/$defs/Circle"}}},
            "Circle": {"type": "object", "properties": {"k/ind": {"type": "string"}, "r": {"type": "number"}}}
            """#
        ).types
        guard case .taggedUnion(let tag, let variants)? = types.first(where: { $0.name == "Shape" })?.shape else {
            Issue.record("Shape is not a tagged union")
            return
        }
        #expect(tag == "k/ind")
        let payload = try #require(types.first { $0.name == variants.first?.payload })
        #expect(payload.origin == Origin(file: "a.json", pointer: "/$defs/Shape/oneOf/0"))
        guard case .structure(_, let fields) = payload.shape else {
            Issue.record("the payload is not a struct")
            return
        }
        #expect(fields.listed.map(\.wireName) == ["r"])
    }

    @Test func unionsOverTheSameVariantsShareOneCopyOfEachWithoutTheTag() throws {
        let variants = ##"{"oneOf": [{"$ref": "#/$defs/Circle"}, {"$ref": "#/$defs/Square"}]}"##
        let types = try model(
            #"""
            "Circle": {"type": "object", "required": ["kind", "r"],
              "properties": {"kind": {"const": "circle"}, "r": {"type": "number"}}},
            "Square": {"type": "object", "required": ["kind", "side"],
              "properties": {"kind": {"const": "square"}, "side": {"type": "number"}}},
            "Shape": \#(variants),
            "Drawing": {"type": "object", "properties": {
              "first": \#(variants), "layers": {"type": "array", "items": \#(variants)}}}
            """#
        ).types
        let unions = types.compactMap { type -> [String]? in
            guard case .taggedUnion("kind", let cases) = type.shape else { return nil }
            return cases.map(\.payload)
        }
        #expect(unions.count == 3, "\(types.map(\.name))")
        // One struct without `kind` a variant, whichever union names it first; every union holds those.
        #expect(Set(unions).count == 1, "\(unions)")
        let payloads =
            try unions.first.map { try $0.map { name in try #require(types.first { $0.name == name }) } } ?? []
        for payload in payloads {
            guard case .structure(_, let fields) = payload.shape else {
                Issue.record("\(payload.name) is not a struct")
                continue
            }
            #expect(!fields.listed.contains { $0.wireName == "kind" })
        }
        let copies = types.filter { type in
            guard case .structure(_, let fields) = type.shape else { return false }
            return fields.listed.map(\.wireName) == ["r"]
        }
        #expect(copies.count == 1, "\(copies.map(\.name))")
    }

    @Test func theRendererSpellsDefaults() {
        #expect(SwiftLiteral.value(.number("1")) == "1.0")
        #expect(SwiftLiteral.value(.number("2.5e3")) == "2.5e3")
        #expect(SwiftLiteral.value(.string("a\"\n")) == #""a\"\n""#)
        #expect(SwiftLiteral.value(.enumCase("default")) == ".`default`")
        #expect(SwiftLiteral.value(.emptyMap) == "[:]")
    }
}

/// The shapes that schemars (Rust) and OpenAPI 3.1 tools write, read as they come.
@Suite("Real-world document shapes")
struct RealWorldShapeTests {
    private func model(_ documents: [(String, String)]) throws -> SchemaModel {
        try CodeGenerator().model(documents: documents.map { (path: $0.0, text: $0.1) })
    }

    /// Shapes the schema fuzzer found that exhausted the stack or took quadratic or cubic time:
    /// long chains of types through required members, `allOf` and aliases, and thousands of
    /// `required` names. Each must end, in a model or a located refusal.
    @Test func longChainsAndManyRequiredNamesEnd() throws {
        let count = 2_000
        func document(_ definition: (Int) -> String) -> [(String, String)] {
            [("a.json", "{\"$defs\": {" + (0..<count).map(definition).joined(separator: ", ") + "}}")]
        }
        func ref(_ index: Int) -> String { "{\"$ref\": \"#/$defs/T\(index)\"}" }
        let cycle = try model(
            document { "\"T\($0)\": {\"type\": \"object\", \"properties\": {\"next\": \(ref(($0 + 1) % count))}}" })
        #expect(cycle.types.count == count)
        #expect {
            try model(
                document {
                    "\"T\($0)\": {\"type\": \"object\", \"required\": [\"next\"], \"properties\": {\"next\": \(ref(($0 + 1) % count))}}"
                })
        } throws: { error in (error as? CodegenError)?.message.contains("through required members only") == true }
        let merged = try model(
            document { index in
                index == count - 1
                    ? "\"T\(index)\": {\"type\": \"object\", \"properties\": {\"last\": {\"type\": \"string\"}}}"
                    : "\"T\(index)\": {\"allOf\": [\(ref(index + 1)), {\"type\": \"object\"}]}"
            })
        #expect(merged.types.count == count)
        let aliases = try model(
            document { index in
                index == count - 1 ? "\"T\(index)\": {\"type\": \"string\"}" : "\"T\(index)\": \(ref(index + 1))"
            })
        #expect(aliases.types.count == count)
        let names = (0..<5_000).map { "\"p\($0)\"" }.joined(separator: ", ")
        let properties = (0..<5_000).map { "\"p\($0)\": {\"type\": \"string\"}" }.joined(separator: ", ")
        let wide = try model([
            (
                "a.json",
                "{\"$defs\": {\"W\": {\"type\": \"object\", \"required\": [" + names + "], \"properties\": {"
                    + properties + "}}}}"
            )
        ])
        guard case .structure(_, let fields)? = wide.types.first?.shape else {
            Issue.record("W is not a struct")
            return
        }
        #expect(fields.listed.count == 5_000 && fields.listed.allSatisfy(\.required))
    }

    @Test func identicalDefinitionsInSeveralDocumentsAreOneTypeDifferentOnesTwo() throws {
        // schemars writes each type's file with its own copy of the shared `$defs`.
        let tag = ##""Tag": {"type": "object", "properties": {"name": {"type": "string"}}}"##
        let notes = try model([
            (
                "note.json",
                ##"{"title": "Note", "type": "object", "properties": {"tag": {"$ref": "#/$defs/Tag"}}, "$defs": {\##(tag)}}"##
            ),
            (
                "new-note.json",
                ##"{"title": "NewNote", "type": "object", "properties": {"tags": {"type": "array", "items": {"$ref": "#/$defs/Tag"}}}, "$defs": {\##(tag)}}"##
            ),
        ])
        #expect(notes.types.map(\.name).sorted() == ["NewNote", "Note", "Tag"])
        guard case .structure(_, let fields)? = notes.types.first(where: { $0.name == "NewNote" })?.shape else {
            Issue.record("NewNote is not a struct")
            return
        }
        #expect(fields.first?.type == .array(.named("Tag", arguments: [])))
        let different = try model([
            ("a.json", ##"{"$defs": {"Tag": {"type": "string"}}}"##),
            (
                "b.json",
                ##"{"$defs": {"Tag": {"type": "integer"}, "Use": {"type": "object", "properties": {"t": {"$ref": "#/$defs/Tag"}}}}}"##
            ),
        ])
        let second = try #require(different.types.first { $0.origin == Origin(file: "b.json", pointer: "/$defs/Tag") })
        #expect(second.name != "Tag")
        guard case .structure(_, let useFields)? = different.types.first(where: { $0.name == "Use" })?.shape else {
            Issue.record("Use is not a struct")
            return
        }
        #expect(useFields.first?.type == .named(second.name, arguments: []))
    }

    @Test func aRefToAnyPointerAnAnchorOrAReferenceDocumentResolves() throws {
        let types = try model([
            (
                "a.json",
                ##"""
                {"$id": "https://example.com/a.json", "title": "A", "type": "object", "properties": {
                  "inner": {"type": "object", "properties": {"x": {"type": "integer"}}},
                  "same": {"$ref": "#/properties/inner"},
                  "anchored": {"$ref": "#thing"},
                  "far": {"$ref": "https://example.com/lib/b.json#/definitions/B"},
                  "byName": {"$ref": "https://json.schemastore.org/c"}},
                 "definitions": {"thing": {"$anchor": "thing", "type": "boolean"}}}
                """##
            ),
            (
                "References/b.json",
                ##"{"$id": "https://example.com/lib/b.json", "definitions": {"B": {"type": "number"}, "Unused": {"type": "string"}}}"##
            ),
            ("References/c.json", ##"{"title": "C", "type": "object", "properties": {"c": {"type": "string"}}}"##),
        ]).types
        guard case .structure(_, let fields)? = types.first(where: { $0.name == "A" })?.shape else {
            Issue.record("A is not a struct")
            return
        }
        #expect(
            fields.listed.map(\.type) == [
                .named("AInner", arguments: []), .named("AInner", arguments: []), .named("Thing", arguments: []),
                .named("B", arguments: []), .named("C", arguments: []),
            ])
        #expect(!types.contains { $0.name == "Unused" })
        #expect(types.first { $0.name == "B" }?.origin == Origin(file: "References/b.json", pointer: "/definitions/B"))
        // A document that is not at hand: the value is kept as any JSON, and the model says where
        // and how to give the document (ron-codegen prints it as a warning).
        let partial = try model([
            (
                "a.json",
                ##"{"$defs": {"A": {"type": "object", "required": ["b"], "properties": {"b": {"$ref": "https://example.com/missing.json#/definitions/B"}, "c": {"type": "string"}}}}}"##
            )
        ])
        guard case .structure(_, let partialFields)? = partial.types.first(where: { $0.name == "A" })?.shape else {
            Issue.record("A is not a struct")
            return
        }
        #expect(partialFields.listed.map(\.type) == [.json, .string])
        #expect(partial.notes.map(\.file) == ["a.json"])
        #expect(partial.notes.map(\.pointer) == ["/$defs/A/properties/b/$ref"])
        #expect(partial.notes.first?.message.contains("not among the documents at hand") == true)
        #expect(partial.notes.first?.message.contains("--references") == true)
        #expect(try model([("a.json", ##"{"$defs": {"A": {"type": "string"}}}"##)]).notes.isEmpty)
    }

    /// What `schemars` 0.8 prints for a struct with an optional reference, a `u32`, a `usize`, a
    /// documented `Option<Enum>` and a generic name: draft-07, the root is the type, `definitions`.
    static let schemarsDocument = #"""
        {
          "$schema": "http://json-schema.org/draft-07/schema#",
          "title": "Item_for_String",
          "type": "object",
          "required": ["count", "id"],
          "properties": {
            "count": {"type": "integer", "format": "uint32", "minimum": 0.0},
            "id": {"type": "string", "format": "uuid"},
            "size": {"type": ["integer", "null"], "format": "uint", "minimum": 0.0},
            "owner": {"anyOf": [{"$ref": "#/definitions/Owner"}, {"type": "null"}]},
            "state": {"description": "Where it is.", "allOf": [{"$ref": "#/definitions/State"}]}
          },
          "definitions": {
            "Owner": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
            "State": {"type": "string", "enum": ["open", "closed"]}
          }
        }
        """#

    @Test func aSchemarsDocumentIsReadAsItIs() throws {
        let model = try model([("item.json", Self.schemarsDocument)])
        #expect(model.types.map(\.name) == ["Owner", "State", "Item_for_String"])
        let item = try #require(model.types.last)
        #expect(item.origin == Origin(file: "item.json", pointer: ""))
        guard case .structure(_, let fields) = item.shape else {
            Issue.record("not a struct")
            return
        }
        #expect(
            fields.listed.map(\.type) == [
                .uint32, .string, .uint, .named("Owner", arguments: []), .named("State", arguments: []),
            ])
        #expect(fields[1].documentation == "Format: `uuid`.")
        #expect(fields[0].documentation == "Schema: `minimum`: 0.0.")
        #expect(fields[2].nullable && fields[3].nullable && !fields[4].nullable)
        #expect(fields[4].documentation == "Where it is.")
    }

    @Test func anOpenAPIDocumentContributesItsComponents() throws {
        let api = #"""
            {"openapi": "3.1.0", "info": {"title": "x", "version": "1"}, "paths": {},
             "components": {"schemas": {
               "Pet": {"type": "object", "properties": {"kind": {"$ref": "#/components/schemas/Kind"}, "tag": {"$ref": "types.json#/$defs/Tag"}}},
               "Kind": {"type": "string", "enum": ["dog", "cat"]}}}}
            """#
        let types =
            #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"Tag": {"type": "string"}}}"#
        let model = try model([("api.json", api), ("types.json", types)])
        let pet = try #require(model.types.first { $0.name == "Pet" })
        #expect(pet.origin == Origin(file: "api.json", pointer: "/components/schemas/Pet"))
        guard case .structure(_, let fields) = pet.shape else {
            Issue.record("not a struct")
            return
        }
        #expect(fields.listed.map(\.type) == [.named("Kind", arguments: []), .named("Tag", arguments: [])])
    }

    @Test func aRootWithoutTitleIsNamedAfterItsFile() throws {
        let model = try model([
            (
                "v1/user-profile.schema.json",
                #"{"type": "object", "properties": {"id": {"type": "integer", "format": "int16"}}}"#
            )
        ])
        #expect(model.types.map(\.name) == ["UserProfile"])
        guard case .structure(_, let fields)? = model.types.first?.shape else { return }
        #expect(fields.first?.type == .int16)
    }

    @Test func namesNeverCollideAndWireNamesStayExact() throws {
        let model = try model([
            (
                "a.json",
                #"""
                {"$defs": {
                  "Error": {"type": "object", "properties": {"a_b": {}, "aB": {}, "": {}, "class": {}}},
                  "status-code": {"type": "string", "enum": ["unknown", "raw-value", "rawValue", "", "2xx"]}}}
                """#
            )
        ])
        #expect(model.types.map(\.name) == ["ErrorModel", "StatusCode"])
        guard case .structure(_, let fields) = model.types[0].shape, case .stringEnum(let cases) = model.types[1].shape
        else {
            Issue.record("unexpected shapes")
            return
        }
        #expect(fields.listed.map(\.swiftName) == ["aB", "aB2", "value", "class"])
        #expect(fields.listed.map(\.wireName) == ["a_b", "aB", "", "class"])
        #expect(cases.map(\.swiftName) == ["unknownCase", "rawValueCase", "rawValueCase2", "value", "_2xx"])
    }

    @Test func textsWithLineBreaksStayInsideTheirComments() throws {
        let model = try model([
            (
                "a.json",
                #"{"$defs": {"A": {"type": "object", "description": "one\rtwo */ three\r\nfour", "properties": {}}}}"#
            )
        ])
        let source = CodeGenerator().files(for: model, split: false)[0].contents
        #expect(source.contains("/// one\n/// two */ three\n/// four\n"))
    }

    /// Trailing spaces go, leading ones stay, an empty line is `///`, and a text ending in a line
    /// break ends in an empty line, whatever the characters around them.
    @Test func commentLinesKeepTheirTextButNotTrailingSpaces() throws {
        let model = try model([
            (
                "a.json",
                #"{"$defs": {"A": {"type": "object", "description": "a  \n\n  b é🙂  \r\nc\u0301 \r", "properties": {}}}}"#
            )
        ])
        let source = CodeGenerator().files(for: model, split: false)[0].contents
        #expect(source.contains("/// a\n///\n///   b é🙂\n/// c\u{301}\n///\n///\n/// Generated from"), "\(source)")
    }
}

/// The types found inside a definition (`x-ron-hoisted`) follow it, and only it: a definition whose
/// name begins another's (`Pet`, `PetList`) does not take the other's.
@Suite struct HoistedTypeOrderTests {
    @Test func eachDefinitionIsFollowedByTheTypesInsideItAlone() throws {
        let description = #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {},
             "components": {"schemas": {
               "Pet": {"type": "object", "properties": {"owner": {"type": "object", "properties": {"name": {"type": "string"}}}}},
               "PetList": {"type": "object", "properties": {"page": {"type": "object", "properties": {"next": {"type": "string"}}}}},
               "Toy": {"type": "object", "properties": {"maker": {"type": "object", "properties": {"name": {"type": "integer"}}}}}
             }}}
            """#
        let model = try CodeGenerator().model(documents: [("api.json", description)])
        let pointers = model.types.map(\.origin.pointer)
        #expect(
            pointers == [
                "/components/schemas/Pet", "/components/schemas/Pet/properties/owner",
                "/components/schemas/PetList", "/components/schemas/PetList/properties/page",
                "/components/schemas/Toy", "/components/schemas/Toy/properties/maker",
            ], "\(model.types.map { ($0.name, $0.origin.pointer) })")
    }

    @Test func theIndexListsATypeUnderEveryPlaceAboveIt() {
        let hoisted = SchemaTranslator.HoistedTypes(
            (
                path: "api.json",
                root: .object([
                    (
                        "x-ron-hoisted",
                        .object([
                            ("A", .object([("x-ron-origin", .string("/components/schemas/Pet/properties/a"))])),
                            ("B", .object([("x-ron-origin", .string("/components/schemas/PetList/items"))])),
                        ])
                    )
                ])
            ))
        #expect(hoisted.types.map(\.key) == ["A", "B"])
        #expect(hoisted.inside["/components/schemas/Pet"] == [0])
        #expect(hoisted.inside["/components/schemas/PetList"] == [1])
        #expect(hoisted.inside["/components/schemas"] == [0, 1])
        #expect(hoisted.inside[""] == [0, 1])
        #expect(hoisted.inside["/components/schemas/Pet/properties/a"] == nil)
    }
}
