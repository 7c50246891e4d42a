import Foundation
import Testing

@testable import RonCodegenCore

/// A vendor's bump changes mostly descriptions: the report counts the changes that break something,
/// the other compatible ones and those to documentation only apart, in its summary and its JSON.
@Suite("Schema diff: documentation counted apart")
struct SchemaDiffDocumentationTests {
    static func model(_ defs: String) throws -> SchemaModel {
        try SchemaDiffRuleTests.model(defs)
    }

    static let types = #"""
        "Thing": {"type": "object", "required": ["id"],
                  "properties": {"id": {"type": "string"}, "count": {"type": "integer", "x-ron-type": "u16"}}},
        "Shape": {"oneOf": [
          {"type": "string", "const": "Dot"},
          {"type": "object", "properties": {"Count": {"type": "integer", "format": "uint8", "minimum": 0}},
           "required": ["Count"], "additionalProperties": false}]},
        "Either": {"anyOf": [{"type": "integer", "format": "int32"}, {"type": "string"}]},
        "Pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "boolean"}], "items": false,
                 "minItems": 2, "maxItems": 2}
        """#

    /// ``types`` with a title and descriptions added on every kind of thing that takes one.
    static let described = #"""
        "Thing": {"title": "A thing", "description": "What the shop sells.", "type": "object", "required": ["id"],
                  "properties": {"id": {"type": "string", "description": "The key."},
                                 "count": {"type": "integer", "x-ron-type": "u16", "title": "How many"}}},
        "Shape": {"oneOf": [
          {"type": "string", "const": "Dot", "description": "A point."},
          {"description": "So many.", "type": "object",
           "properties": {"Count": {"type": "integer", "format": "uint8", "minimum": 0}},
           "required": ["Count"], "additionalProperties": false}]},
        "Either": {"anyOf": [{"type": "integer", "format": "int32", "description": "A number."}, {"type": "string"}]},
        "Pair": {"type": "array", "prefixItems": [{"type": "string", "description": "The name."}, {"type": "boolean"}],
                 "items": false, "minItems": 2, "maxItems": 2}
        """#

    @Test("titles and descriptions of types, members, variants and tuple elements are documentation only")
    func descriptionsAloneAreDocumentation() throws {
        let report = SchemaDiff.compare(old: try Self.model(Self.types), new: try Self.model(Self.described))
        #expect(report.changes.allSatisfy { $0.rule == .documentationChanged }, "\(report.changes)")
        let members = report.changes.map { "\($0.typeName).\($0.member ?? "-")" }
        #expect(
            Set(members) == [
                "Thing.-", "Thing.id", "Thing.count", "Shape.Dot", "Shape.Count", "Either.int32", "Pair._0",
            ],
            "\(members)")
        #expect(report.changes.allSatisfy { $0.verdicts == .allCompatible && $0.isDocumentationOnly })
        #expect(report.counts == .init(breaking: 0, compatible: 0, documentation: 7))
        #expect(report.bump == .patch)
        #expect(
            report.summary
                == "7 changes: 0 breaking the wire, 0 breaking Swift source; 0 breaking, 0 compatible, 7 documentation only; semver bump: patch"
        )
        // Documentation on both sides, otherwise: still documentation.
        let reworded = Self.described.replacingOccurrences(of: "The key.", with: "The id.")
        let again = SchemaDiff.compare(old: try Self.model(Self.described), new: try Self.model(reworded))
        #expect(again.changes.map(\.member) == ["id"])
        #expect(again.counts.documentation == 1)
    }

    @Test("an untagged union or a tuple that changes more than documentation is still judged as a whole")
    func aShapeChangeBesideDocumentationIsNotDocumentation() throws {
        let changed = Self.described.replacingOccurrences(
            of: #"{"type": "integer", "format": "int32", "description": "A number."}"#,
            with: #"{"type": "boolean", "description": "A number."}"#)
        let report = SchemaDiff.compare(old: try Self.model(Self.types), new: try Self.model(changed))
        let either = report.changes.filter { $0.typeName == "Either" }
        #expect(either.map(\.rule) == [.typeChanged], "\(either)")
        #expect(report.counts.breaking == 1)
    }

    @Test("an operation's summary, a parameter's description and example, a body part's description")
    func operationDocumentation() throws {
        let parameter = { (text: String) in
            #", "summary": "\#(text)", "parameters": [{"name": "q", "in": "query", "description": "\#(text)", "example": "\#(text)", "schema": {"type": "string"}}]"#
        }
        let old = try SchemaDiffRuleTests.api(SchemaDiffRuleTests.route(extra: parameter("old")))
        let new = try SchemaDiffRuleTests.api(SchemaDiffRuleTests.route(extra: parameter("new")))
        let report = SchemaDiff.compare(old: old, new: new)
        #expect(report.changes.map(\.rule) == [.documentationChanged, .documentationChanged, .documentationChanged])
        #expect(report.changes.map(\.detail) == ["summary or description", "description", "example"])
        #expect(report.counts == .init(breaking: 0, compatible: 0, documentation: 3))
        let form = { (text: String) in
            #", "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object", "properties": {"note": {"type": "string", "description": "\#(text)"}}}}}}"#
        }
        let parts = SchemaDiff.compare(
            old: try SchemaDiffRuleTests.api(
                SchemaDiffRuleTests.route(method: "post", id: "addThing", extra: form("a"))),
            new: try SchemaDiffRuleTests.api(
                SchemaDiffRuleTests.route(method: "post", id: "addThing", extra: form("b"))))
        // Said once, by the generated form type whose member the part is.
        #expect(parts.changes.map(\.rule) == [.documentationChanged], "\(parts.changes)")
        #expect(parts.changes.first?.member == "note")
        #expect(parts.counts == .init(breaking: 0, compatible: 0, documentation: 1))
    }

    /// A bump of every kind: a break, an addition, a deprecation and a description.
    static func mixed() throws -> SchemaDiffReport {
        let old = try Self.model(Self.types)
        let new = try Self.model(
            Self.types.replacingOccurrences(
                of: #""Thing": {"type": "object", "required": ["id"],"#,
                with: #""Thing": {"type": "object", "deprecated": true, "required": ["id"],"#
            ).replacingOccurrences(
                of: #"{"id": {"type": "string"}, "count": {"type": "integer", "x-ron-type": "u16"}}"#,
                with:
                    #"{"id": {"type": "string", "description": "The key."}, "count": {"type": "integer", "x-ron-type": "u8"}, "note": {"type": "string"}}"#
            ))
        return SchemaDiff.compare(old: old, new: new)
    }

    @Test("a mixed bump: breaking first, then the other compatible changes, then documentation")
    func mixedBump() throws {
        var report = try Self.mixed()
        #expect(
            report.changes.map(\.rule) == [
                .typeDeprecated, .documentationChanged, .fieldTypeNarrowed, .fieldAddedOptional,
            ],
            "found in schema order")
        #expect(report.counts == .init(breaking: 1, compatible: 2, documentation: 1))
        #expect(
            report.listed.map(\.rule) == [
                .fieldTypeNarrowed, .typeDeprecated, .fieldAddedOptional, .documentationChanged,
            ])
        #expect(
            report.summary
                == "4 changes: 1 breaking the wire, 1 breaking Swift source; 1 breaking, 2 compatible, 1 documentation only; semver bump: major"
        )
        // `--only breaking` lists what it always listed; the counts still count every change.
        report.listing = .breaking
        #expect(report.listed.map(\.rule) == [.fieldTypeNarrowed])
        #expect(report.listed == report.changes.filter { $0.verdicts.breaksAnything })
        #expect(
            report.summary.hasPrefix(
                "4 changes: 1 breaking the wire, 1 breaking Swift source; 1 breaking, 2 compatible"))
        #expect(report.summary.hasSuffix("; 3 not breaking not listed (--only breaking); semver bump: major"))
        #expect(!report.table().contains("DOCUMENTATION_CHANGED") && !report.table().contains("TYPE_DEPRECATED"))
    }

    @Test("the JSON counts every change, whatever it lists")
    func jsonCounts() throws {
        var report = try Self.mixed()
        for listing in SchemaDiffReport.Listing.allCases {
            report.listing = listing
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
            #expect(object["breaking"] as? Int == 1)
            #expect(object["compatible"] as? Int == 2)
            #expect(object["documentation"] as? Int == 1)
            #expect(object["summary"] as? String == report.summary)
            let rules = (object["changes"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }
            #expect(rules == report.listed.map(\.rule.rawValue))
        }
        let none = SchemaDiff.compare(old: try Self.model(Self.types), new: try Self.model(Self.types))
        #expect(
            none.summary
                == "0 changes: 0 breaking the wire, 0 breaking Swift source; 0 breaking, 0 compatible, 0 documentation only; semver bump: none"
        )
        #expect(try none.json().contains(#""documentation" : 0"#))
    }
}
