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
}
