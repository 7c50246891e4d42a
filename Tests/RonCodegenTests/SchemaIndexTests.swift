import Foundation
import Testing

@testable import RonCodegenCore

/// `SchemaIndex.value(at:)` finds a value two members deep (three under `/components`) in a table
/// instead of a search of each map; it must name the same value as a walk of the pointer does.
@Suite("The schema index's values by pointer")
struct SchemaIndexTests {
    /// Keys that need escaping (`/`, `~`), an array at the top, values three and four members deep,
    /// components and paths; ``root()`` adds a duplicate key (the parsers refuse one, a tree built
    /// otherwise may hold one: the first wins).
    static let document = #"""
        {
          "definitions": {
            "a/b": {"type": "string"},
            "t~x": {"type": "integer"},
            "Pod": {"properties": {"spec": {"$ref": "#/definitions/a~1b"}}}
          },
          "tags": [{"name": "first"}, {"name": "second"}],
          "components": {
            "schemas": {"Pet": {"properties": {"name": {"type": "string"}}}, "": {"type": "boolean"}},
            "parameters": {"limit": {"name": "limit", "in": "query"}}
          },
          "paths": {"/pets/{id}": {"get": {"operationId": "getPet"}}},
          "": {"": {"type": "number"}}
        }
        """#

    static func root() throws -> DocumentValue {
        guard case .object(var members) = try JSONDocumentParser.parse(document),
            case .object(var definitions) = members[0].value
        else { throw CocoaError(.coderReadCorrupt) }
        definitions.append((key: "Pod", value: .object([(key: "type", value: .string("null"))])))
        members[0].value = .object(definitions)
        return .object(members)
    }

    /// The value at `pointer` by a walk from the root, member by member.
    static func walked(_ root: DocumentValue, _ pointer: String) -> DocumentValue? {
        guard !pointer.isEmpty else { return root }
        var node: DocumentValue? = root
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = Pointer.unescape(String(raw))
            switch node {
            case .object(let members)?: node = members.first { $0.key == token }?.value
            case .array(let items)?: node = Int(token).flatMap { items.indices.contains($0) ? items[$0] : nil }
            default: return nil
            }
        }
        return node
    }

    /// Every pointer of `value`, escaped, its own first.
    static func pointers(_ value: DocumentValue, at pointer: String = "") -> [String] {
        var result = [pointer]
        switch value {
        case .object(let members):
            for member in members { result += pointers(member.value, at: pointer + "/" + Pointer.escape(member.key)) }
        case .array(let items):
            for (offset, item) in items.enumerated() { result += pointers(item, at: pointer + "/\(offset)") }
        default: break
        }
        return result
    }

    @Test func everyPointerNamesWhatAWalkFinds() throws {
        let root = try Self.root()
        let index = SchemaIndex([SchemaNormalizer.Input(path: "doc.json", root: root, isReference: false)])
        let all = Self.pointers(root)
        #expect(all.count > 30)
        let missing = [
            "/definitions/nothing", "/definitions/Pod/properties/nothing", "/components/schemas/Cat",
            "/tags/2", "/tags/x", "/definitions/a/b", "/definitions/t~x", "/paths/~1pets~1{id}/put",
        ]
        for pointer in all + missing {
            let place = SchemaIndex.Place(document: 0, pointer: pointer)
            #expect(index.value(at: place) == Self.walked(root, pointer), "\(pointer)")
        }
        // The first of two members with one key, and the escapes read.
        let pod = index.value(at: SchemaIndex.Place(document: 0, pointer: "/definitions/Pod"))
        #expect(pod?["properties"] != nil)
        #expect(
            index.value(at: SchemaIndex.Place(document: 0, pointer: "/definitions/t~0x"))?["type"] == .string("integer")
        )
        // An escape that is none (`~x`) is read as it is written, by the table and the walk alike.
        #expect(
            index.value(at: SchemaIndex.Place(document: 0, pointer: "/definitions/t~x"))?["type"] == .string("integer"))
    }

    @Test func thePrefixIsTwoTokensOrThreeBelowComponents() throws {
        #expect(SchemaIndex.shallowPrefix(of: "/definitions/Pod/properties")?.0 == "/definitions/Pod")
        #expect(SchemaIndex.shallowPrefix(of: "/definitions/Pod/properties")?.1 == "/properties")
        #expect(SchemaIndex.shallowPrefix(of: "/components/schemas/Pet")?.0 == "/components/schemas/Pet")
        #expect(SchemaIndex.shallowPrefix(of: "/components/schemas/Pet")?.1 == "")
        #expect(SchemaIndex.shallowPrefix(of: "/components/schemas") == nil)
        #expect(SchemaIndex.shallowPrefix(of: "/definitions") == nil)
        #expect(SchemaIndex.shallowPrefix(of: "//x/y")?.0 == "//x")
    }

    /// `resolve(_:at:)` keeps each answer for the document, the base URI in force and the text:
    /// every answer of one index, asked in turn and asked again in the other order, is the answer of
    /// an index that answers that question alone. The same `$ref` names different schemas under
    /// different `$id`s, and a document is never its own copy found by file name.
    @Test func aRefsAnswerIsKeptForItsDocumentAndItsBase() throws {
        let first = try JSONDocumentParser.parse(
            #"""
            {
              "$id": "https://example.com/a.json",
              "definitions": {
                "x": {"type": "string"},
                "user": {"$ref": "#/definitions/x"},
                "inner": {
                  "$id": "https://example.com/inner/b.json",
                  "definitions": {"x": {"type": "integer"}, "y": {"$ref": "#/definitions/x"}}
                }
              }
            }
            """#)
        let second = try JSONDocumentParser.parse(#"{"definitions": {"x": {"type": "boolean"}}}"#)
        let inputs = [
            SchemaNormalizer.Input(path: "a.json", root: first, isReference: false),
            SchemaNormalizer.Input(path: "b.json", root: second, isReference: false),
        ]
        let places = [
            SchemaIndex.Place(document: 0, pointer: "/definitions/user"),
            SchemaIndex.Place(document: 0, pointer: "/definitions/inner/definitions/y"),
            SchemaIndex.Place(document: 0, pointer: "/definitions/inner"),
            SchemaIndex.Place(document: 1, pointer: "/definitions/x"),
        ]
        let refs = [
            "#/definitions/x", "b.json", "b.json#/definitions/x", "#",
            "https://example.com/inner/b.json#/definitions/x",
            "#/definitions/nothing", "other.json", "#/definitions/%78",
        ]
        var questions: [(SchemaIndex.Place, String)] = []
        for place in places { for ref in refs { questions.append((place, ref)) } }
        let shared = SchemaIndex(inputs)
        for (place, ref) in questions + questions.reversed() {
            let alone = SchemaIndex(inputs).resolve(ref, at: place)
            #expect("\(shared.resolve(ref, at: place))" == "\(alone)", "\(ref) at \(place)")
        }
        // The same text, two bases, two schemas.
        let answer = { (place: SchemaIndex.Place) -> SchemaIndex.Place? in
            guard case .place(let found) = shared.resolve("#/definitions/x", at: place) else { return nil }
            return found
        }
        #expect(answer(places[0]) == SchemaIndex.Place(document: 0, pointer: "/definitions/x"))
        #expect(answer(places[1]) == SchemaIndex.Place(document: 0, pointer: "/definitions/inner/definitions/x"))
        #expect(answer(places[3]) == SchemaIndex.Place(document: 1, pointer: "/definitions/x"))
    }
}
