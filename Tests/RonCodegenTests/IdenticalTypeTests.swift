import Foundation
import Testing

@testable import RonCodegenCore

/// Inline schemas of the same shape become one Swift type (`SchemaModel.mergingIdenticalInlineTypes`):
/// the first in document order, the others `typealias`es of it; named definitions, and shapes that
/// differ anywhere but in their documentation, stay apart.
@Suite struct IdenticalTypeTests {
    /// Two rules of one shape (a level, or an object of a level and options), a third whose options differ, a
    /// named definition of the options' shape, and two recursive shapes.
    static let schema = #"""
        {"$id": "rules", "type": "object", "properties": {
          "semi": {"description": "Semicolons.", "oneOf": [{"enum": ["off", "warn"]},
            {"type": "object", "properties": {"level": {"enum": ["off", "warn"]}, "options": {"type": "object", "properties": {"ignore": {"type": "boolean"}}}}}]},
          "quotes": {"description": "Quotes.", "oneOf": [{"enum": ["off", "warn"]},
            {"type": "object", "properties": {"level": {"enum": ["off", "warn"]}, "options": {"type": "object", "properties": {"ignore": {"type": "boolean", "description": "Other words."}}}}}]},
          "indent": {"oneOf": [{"enum": ["off", "warn"]},
            {"type": "object", "properties": {"level": {"enum": ["off", "warn"]}, "options": {"type": "object", "properties": {"ignore": {"type": "string"}}}}}]},
          "treeA": {"type": "object", "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/properties/treeA"}}}},
          "treeB": {"type": "object", "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/properties/treeB"}}}},
          "options": {"$ref": "#/$defs/Options"}
        },
        "$defs": {"Options": {"type": "object", "properties": {"ignore": {"type": "boolean"}}},
                  "Copy": {"type": "object", "properties": {"ignore": {"type": "boolean"}}}}}
        """#

    func model() throws -> (before: SchemaModel, after: SchemaModel) {
        let model = try CodeGenerator().model(documents: [("rules.json", Self.schema)])
        return (model, model.mergingIdenticalInlineTypes())
    }

    func shape(_ name: String, in model: SchemaModel) throws -> NamedType.Shape {
        try #require(model.types.first { $0.name == name }, "no type \(name) in \(model.types.map(\.name))").shape
    }

    @Test func identicalInlineShapesBecomeOneType() throws {
        let (before, after) = try model()
        #expect(before.types.count == after.types.count)
        let names = before.types.map(\.name)
        // The rule types of `semi` and `quotes` (and everything below them) are one type: the
        // documentation of a member does not tell them apart.
        let semi = try #require(names.first { $0.hasSuffix("Semi") })
        let quotes = try #require(names.first { $0.hasSuffix("Quotes") })
        #expect(try shape(quotes, in: after) == .alias(.named(semi, arguments: [])))
        #expect(try shape(semi, in: after) == shape(semi, in: before))
        let quotesParts = names.filter { $0.hasPrefix(quotes) && $0 != quotes }
        #expect(!quotesParts.isEmpty)
        for part in quotesParts {
            guard case .alias(.named(let kept, _)) = try shape(part, in: after) else {
                Issue.record("\(part) was not merged: \(try shape(part, in: after))")
                continue
            }
            #expect(kept.hasPrefix(semi))
        }
        // Nothing in the merged model names a type that became an alias.
        let aliases = Set(after.types.filter { if case .alias = $0.shape { true } else { false } }.map(\.name))
        for type in after.types where !aliases.contains(type.name) {
            _ = type.shape.renamingTypes { name in
                #expect(!aliases.contains(name), "\(type.name) still names \(name)")
                return name
            }
        }
    }

    @Test func shapesThatDifferAnywhereStayApart() throws {
        let (before, after) = try model()
        let names = before.types.map(\.name)
        // `indent`'s options differ (a string, not a boolean): it and its options stay their own
        // types; only its level, the same as the others', is now that one type.
        let indent = try #require(names.first { $0.hasSuffix("Indent") })
        for name in names where name.hasPrefix(indent) {
            let merged = try shape(name, in: after)
            let original = try shape(name, in: before)
            if case .alias = merged {
                #expect(original != merged, "\(name): \(merged)")
                #expect(
                    !name.hasSuffix("Indent") && !name.hasSuffix("Options") && !name.hasSuffix("Variant1"),
                    "\(name) became \(merged); it was \(original)")
            }
        }
        #expect(try shape(indent, in: after) != shape(indent, in: before))
        // Named definitions keep their identity, even when inline ones or each other have their shape.
        #expect(try shape("Options", in: after) == shape("Options", in: before))
        #expect(try shape("Copy", in: after) == shape("Copy", in: before))
    }

    @Test func recursiveShapesMergeToo() throws {
        let (before, after) = try model()
        let names = before.types.map(\.name)
        let treeA = try #require(names.first { $0.hasSuffix("TreeA") })
        let treeB = try #require(names.first { $0.hasSuffix("TreeB") })
        #expect(try shape(treeB, in: after) == .alias(.named(treeA, arguments: [])))
        guard case .structure(_, let fields) = try shape(treeA, in: after) else {
            Issue.record("\(treeA) is no longer a struct")
            return
        }
        #expect(fields.first { $0.wireName == "children" }?.type == .array(.named(treeA, arguments: [])))
    }

    @Test func theSwiftDeclaresTheOthersAsTypealiasesAndCatalogsThemAll() throws {
        let (before, after) = try model()
        let files = CodeGenerator().files(for: before, split: false)
        let swift = try #require(files.first?.contents)
        let aliases = after.types.filter { if case .alias = $0.shape { true } else { false } }
        #expect(aliases.count >= 4)
        for alias in aliases {
            guard case .alias(.named(let kept, _)) = alias.shape else { continue }
            #expect(swift.contains("public typealias \(alias.name) = \(kept)\n"))
            #expect(swift.contains("entries[\"\(alias.name)\"] = RonTypeCatalogEntry(\(alias.name).self"))
            #expect(!swift.contains("public struct \(alias.name):") && !swift.contains("public enum \(alias.name):"))
        }
    }

    @Test func typesTheOperationsNameAreNeverMerged() throws {
        let description = #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {
              "/a": {"post": {"operationId": "postA", "requestBody": {"content": {"application/json": {"schema":
                {"type": "object", "properties": {"x": {"type": "string"}}}}}}, "responses": {"200": {"description": "ok"}}}},
              "/b": {"post": {"operationId": "postB", "requestBody": {"content": {"application/json": {"schema":
                {"type": "object", "properties": {"x": {"type": "string"}}}}}}, "responses": {"200": {"description": "ok"}}}}}}
            """#
        let model = try CodeGenerator().model(documents: [("api.json", description)])
        let bodies = model.types.filter { if case .structure = $0.shape { true } else { false } }
        #expect(bodies.count == 2 && bodies.first?.shape == bodies.last?.shape)
        let merged = model.mergingIdenticalInlineTypes()
        #expect(merged == model, "\(merged.types.map { ($0.name, $0.shape) })")
    }

    /// Two inline array items of one shape: merged by default, each a type of its own with
    /// `"mergeIdenticalTypes": false` in `ron-codegen.json`.
    static let items = #"""
        {"$id": "a", "type": "object", "properties": {
          "three": {"type": "array", "items": {"type": "object", "properties": {"y": {"type": "string"}}}},
          "four": {"type": "array", "items": {"type": "object", "properties": {"y": {"type": "string"}}}}}}
        """#

    @Test func ronCodegenJSONCanKeepEveryInlineTypeApart() throws {
        let merged = try CodeGenerator().model(documents: [("a.json", Self.items)])
        #expect(merged.mergesIdenticalInlineTypes)
        let mergedSwift = try #require(CodeGenerator().files(for: merged, split: false).first?.contents)
        #expect(mergedSwift.contains("public typealias AFourItem = AThreeItem\n"))

        let apart = try CodeGenerator().model(documents: [
            ("a.json", Self.items), ("ron-codegen.json", #"{"mergeIdenticalTypes": false}"#),
        ])
        #expect(!apart.mergesIdenticalInlineTypes)
        #expect(apart.mergingIdenticalInlineTypes() == apart)
        let swift = try #require(CodeGenerator().files(for: apart, split: false).first?.contents)
        #expect(!swift.contains("typealias AFourItem"))
        #expect(swift.contains("public struct AThreeItem:") && swift.contains("public struct AFourItem:"))
        #expect(swift.contains("public var four: [AFourItem]?"))
    }

    @Test func mergeIdenticalTypesMustBeABoolean() throws {
        #expect {
            try CodeGenerator().model(documents: [
                ("a.json", Self.items), ("ron-codegen.json", #"{"mergeIdenticalTypes": "no"}"#),
            ])
        } throws: { error in
            "\(error)".contains("ron-codegen.json") && "\(error)".contains("/mergeIdenticalTypes")
                && "\(error)".contains("'mergeIdenticalTypes' must be true or false")
        }
    }

    /// Generic types and aliases keep their identity even when their declarations are the same:
    /// a generic's parameters are its author's, and an alias is a name for another type already.
    @Test func genericTypesAndAliasesAreNeverMerged() throws {
        let model = try CodeGenerator().model(documents: [("a.json", Self.items)])
        let first = try #require(model.types.firstIndex { $0.name == "AThreeItem" })
        let second = try #require(model.types.firstIndex { $0.name == "AFourItem" })
        guard case .structure(_, let fields) = model.types[first].shape else {
            Issue.record("AThreeItem is not a structure: \(model.types[first].shape)")
            return
        }
        var generic = model
        generic.types[first].shape = .structure(typeParameters: ["T"], fields: fields)
        generic.types[second].shape = .structure(typeParameters: ["T"], fields: fields)
        #expect(generic.mergingIdenticalInlineTypes() == generic)

        var aliases = model
        aliases.types[first].shape = .alias(.named("A", arguments: []))
        aliases.types[second].shape = .alias(.named("A", arguments: []))
        #expect(aliases.mergingIdenticalInlineTypes() == aliases)

        // The same two as plain structures do merge: the test above would fail if they did not differ.
        let plain = model.mergingIdenticalInlineTypes()
        #expect(plain.types[second].shape == .alias(.named("AThreeItem", arguments: [])))
    }
}

/// The places whose types are defined by name, read from the token before a pointer's last.
@Suite struct DefinedByNameTests {
    @Test(arguments: [
        ("", true), ("/Rule", true), ("/$defs/Rule", true), ("/definitions/Rule", true),
        ("/components/schemas/Rule", true), ("/components/schemas/a~1schemas", true),
        ("/properties/rule", false), ("/components/schemas/Rule/properties/level", false),
        ("/$defs/Rule/oneOf/1", false), ("/schemas~1x/Rule", false), ("/x/schemas/Rule", true),
        ("/$defs/", true), ("//", false),
    ])
    func theTokenBeforeTheLastDecides(pointer: String, byName: Bool) {
        #expect(SchemaModel.isDefinedByName(Origin(file: "a.json", pointer: pointer)) == byName, "\(pointer)")
    }
}
