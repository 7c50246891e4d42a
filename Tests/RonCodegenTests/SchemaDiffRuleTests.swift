import Foundation
import Testing

@testable import RonCodegenCore

/// One old/new schema pair per rule of docs/SchemaDiffRules.md, with the three verdicts the rule
/// promises: old clients reading a new server, new clients reading an old server, Swift source.
@Suite("Schema diff rules")
struct SchemaDiffRuleTests {
    struct RuleCase: Sendable, CustomTestStringConvertible {
        var rule: SchemaDiffRule
        var old: String
        var new: String
        /// `ok` or `BREAKS` for each column, as the table prints them.
        var verdicts: String
        /// An edit of the new model for what no schema spells yet (Swift names chosen by a future option).
        var edit: (@Sendable (inout SchemaModel) -> Void)? = nil
        /// Whether `old` and `new` are the `paths` of an OpenAPI document (``api(_:)``), not `$defs`.
        var paths = false

        var testDescription: String { rule.rawValue }
    }

    static let thing = #""Thing": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}"#

    static func object(_ properties: String, required: [String] = [], extra: String = "") -> String {
        let list = required.map { "\"\($0)\"" }.joined(separator: ", ")
        return #""Thing": {"type": "object", "required": [\#(list)], "properties": {\#(properties)}\#(extra)}"#
    }

    static func property(_ schema: String, required: Bool = false) -> String {
        object(#""n": \#(schema)"#, required: required ? ["n"] : [])
    }

    static let union = #"""
        "Expires": {"type": "object", "required": ["at"], "properties": {"at": {"type": "string"}}},
        "Audience": {"type": "object", "required": ["aud"], "properties": {"aud": {"type": "string"}}},
        """#

    static func taggedUnion(_ mapping: String, property: String = "type") -> String {
        let refs =
            mapping.contains("Audience")
            ? ##"{"$ref": "#/$defs/Expires"}, {"$ref": "#/$defs/Audience"}"## : ##"{"$ref": "#/$defs/Expires"}"##
        return union + #"""
            "Caveat": {"oneOf": [\#(refs)],
              "discriminator": {"propertyName": "\#(property)", "mapping": {\#(mapping)}}}
            """#
    }

    static func external(_ variants: String) -> String { #""Shape": {"oneOf": [\#(variants)]}"# }

    // MARK: Operations

    static func route(
        _ path: String = "/things", method: String = "get", id: String = "listThings", extra: String = "",
        responses: String = answer("Thing")
    ) -> String {
        #""\#(path)": {"\#(method)": {"operationId": "\#(id)"\#(extra), "responses": \#(responses)}}"#
    }

    static func answer(_ type: String, status: String = "200") -> String {
        #"{"\#(status)": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "types.json#/$defs/\#(type)"}}}}}"#
    }

    /// `, "parameters": [...]` of query parameters `name:format`, required when `!` follows.
    static func query(_ parameters: String...) -> String {
        let list = parameters.map { spec in
            let required = spec.hasSuffix("!")
            let parts = spec.trimmingCharacters(in: ["!"]).split(separator: ":")
            return
                #"{"name": "\#(parts[0])", "in": "query", "required": \#(required), "schema": {"type": "integer", "format": "\#(parts[1])"}}"#
        }
        return #", "parameters": ["# + list.joined(separator: ", ") + "]"
    }

    static func pathParameter(_ name: String) -> String {
        #", "parameters": [{"name": "\#(name)", "in": "path", "required": true, "schema": {"type": "string"}}]"#
    }

    static func list(explode: Bool) -> String {
        #", "parameters": [{"name": "ids", "in": "query", "explode": \#(explode), "schema": {"type": "array", "items": {"type": "string"}}}]"#
    }

    static func body(_ type: String, required: Bool = true) -> String {
        #", "requestBody": {"required": \#(required), "content": {"application/json": {"schema": {"$ref": "types.json#/$defs/\#(type)"}}}}"#
    }

    static let post = route(method: "post", id: "addThing")
    static let twoAnswers =
        #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "types.json#/$defs/Thing"}}}}, "202": {"description": "accepted"}}"#

    static let operationCases: [RuleCase] = [
        RuleCase(
            rule: .operationAdded, old: route(), new: route() + ", " + route("/other", id: "getOther"),
            verdicts: "ok ok ok", paths: true),
        RuleCase(
            rule: .operationRemoved, old: route() + ", " + route("/other", id: "getOther"), new: route(),
            verdicts: "BREAKS ok BREAKS", paths: true),
        RuleCase(
            rule: .operationMethodOrPathChanged, old: route(), new: route("/items"), verdicts: "BREAKS BREAKS ok",
            paths: true),
        RuleCase(
            rule: .operationRenamed, old: route(), new: route(id: "fetchThings"), verdicts: "ok ok BREAKS", paths: true),
        RuleCase(
            rule: .operationDeprecated, old: route(), new: route(extra: #", "deprecated": true"#), verdicts: "ok ok ok",
            paths: true),
        RuleCase(
            rule: .parameterAddedOptional, old: route(), new: route(extra: query("limit:int32")), verdicts: "ok ok ok",
            paths: true),
        RuleCase(
            rule: .parameterAddedRequired, old: route(), new: route(extra: query("limit:int32!")),
            verdicts: "BREAKS ok BREAKS", paths: true),
        RuleCase(
            rule: .parameterRemoved, old: route(extra: query("limit:int32!")), new: route(),
            verdicts: "ok BREAKS BREAKS", paths: true),
        RuleCase(
            rule: .parameterMadeRequired, old: route(extra: query("limit:int32")),
            new: route(extra: query("limit:int32!")), verdicts: "BREAKS ok BREAKS", paths: true),
        RuleCase(
            rule: .parameterMadeOptional, old: route(extra: query("limit:int32!")),
            new: route(extra: query("limit:int32")), verdicts: "ok BREAKS ok", paths: true),
        RuleCase(
            rule: .parameterTypeChanged, old: route(extra: query("limit:int32!")),
            new: route(extra: query("limit:int64!")), verdicts: "ok BREAKS BREAKS", paths: true),
        RuleCase(
            rule: .parameterRenamed, old: route("/things/{id}", extra: pathParameter("id")),
            new: route("/things/{thing_id}", extra: pathParameter("thing_id")), verdicts: "ok ok BREAKS", paths: true),
        RuleCase(
            rule: .parameterStyleChanged, old: route(extra: list(explode: true)),
            new: route(extra: list(explode: false)),
            verdicts: "BREAKS BREAKS ok", paths: true),
        RuleCase(
            rule: .parameterOrderChanged, old: route(extra: query("from:int32", "to:int32")),
            new: route(extra: query("to:int32", "from:int32")), verdicts: "ok ok BREAKS", paths: true),
        RuleCase(
            rule: .requestBodyAdded, old: post, new: route(method: "post", id: "addThing", extra: body("Thing")),
            verdicts: "BREAKS ok BREAKS", paths: true),
        RuleCase(
            rule: .requestBodyRemoved, old: route(method: "post", id: "addThing", extra: body("Thing")), new: post,
            verdicts: "ok BREAKS BREAKS", paths: true),
        RuleCase(
            rule: .requestBodyTypeChanged, old: route(method: "post", id: "addThing", extra: body("Thing")),
            new: route(method: "post", id: "addThing", extra: body("Other")), verdicts: "BREAKS BREAKS BREAKS",
            paths: true),
        RuleCase(
            rule: .responseTypeChanged, old: route(), new: route(responses: answer("Other")),
            verdicts: "BREAKS BREAKS BREAKS", paths: true),
        RuleCase(
            rule: .responseAdded, old: route(), new: route(responses: twoAnswers), verdicts: "BREAKS ok BREAKS",
            paths: true),
        RuleCase(
            rule: .responseRemoved, old: route(responses: twoAnswers), new: route(), verdicts: "ok BREAKS BREAKS",
            paths: true),
    ]

    static let cases: [RuleCase] = typeCases + operationCases

    /// More shapes of the operation rules, beside each rule's example: the verdicts follow the variant.
    static let operationVariants: [RuleCase] = [
        // A third answer beside two: one more case of the result enum the old decoding does not list.
        RuleCase(
            rule: .responseAdded, old: route(responses: twoAnswers),
            new: route(
                responses: String(twoAnswers.dropLast()) + ", " + String(answer("Thing", status: "201").dropFirst())),
            verdicts: "BREAKS ok BREAKS", paths: true),
        RuleCase(
            rule: .responseTypeChanged, old: route(),
            new: route(
                responses: #"{"200": {"description": "ok", "content": {"application/octet-stream": {"schema": {}}}}}"#),
            verdicts: "BREAKS ok BREAKS", paths: true),
        RuleCase(
            rule: .responseTypeChanged, old: route(), new: route(responses: #"{"204": {"description": "none"}}"#),
            verdicts: "BREAKS ok BREAKS", paths: true),
        RuleCase(
            rule: .parameterMadeRequired,
            old: route(method: "post", id: "addThing", extra: body("Thing", required: false)),
            new: route(method: "post", id: "addThing", extra: body("Thing")), verdicts: "BREAKS ok BREAKS", paths: true),
        RuleCase(
            rule: .parameterStyleChanged, old: route("/files/{path}", extra: pathParameter("path")),
            new: route(
                "/files/{path}",
                extra: pathParameter("path").replacingOccurrences(
                    of: #""in": "path""#, with: #""in": "path", "x-ron-path-tail": true"#)),
            verdicts: "ok BREAKS ok", paths: true),
        RuleCase(
            rule: .parameterRemoved, old: route(extra: query("limit:int32")), new: route(), verdicts: "ok ok BREAKS",
            paths: true),
        RuleCase(
            rule: .parameterTypeChanged,
            old: route(extra: #", "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}]"#),
            new: route(extra: query("q:int32")), verdicts: "BREAKS ok BREAKS", paths: true),
    ]

    static let typeCases: [RuleCase] = [
        RuleCase(
            rule: .typeAdded, old: thing, new: thing + #", "Mode": {"type": "string", "enum": ["a"]}"#,
            verdicts: "ok ok ok"),
        RuleCase(
            rule: .typeRemoved, old: thing + #", "Mode": {"type": "string", "enum": ["a"]}"#, new: thing,
            verdicts: "BREAKS ok BREAKS"),
        RuleCase(
            rule: .typeRenamed, old: thing, new: thing.replacingOccurrences(of: "Thing", with: "Item"),
            verdicts: "ok ok BREAKS"),
        RuleCase(
            rule: .typeKindChanged, old: thing, new: #""Thing": {"type": "string", "enum": ["a"]}"#,
            verdicts: "BREAKS BREAKS BREAKS"),
        RuleCase(
            rule: .typeDeprecated, old: thing,
            new: object(#""id": {"type": "string"}"#, required: ["id"], extra: #", "deprecated": true"#),
            verdicts: "ok ok ok"),
        RuleCase(
            rule: .conformanceAdded, old: thing,
            new: object(#""id": {"type": "string"}"#, required: ["id"], extra: #", "x-ron-conforms-to": ["Error"]"#),
            verdicts: "ok ok ok"),
        RuleCase(
            rule: .conformanceRemoved,
            old: object(#""id": {"type": "string"}"#, required: ["id"], extra: #", "x-ron-conforms-to": ["Error"]"#),
            new: thing, verdicts: "ok ok BREAKS"),
        RuleCase(
            rule: .typeParametersChanged,
            old: object(
                #""items": {"type": "array", "items": {"x-ron-type-parameter": "Item"}}"#,
                extra: #", "x-ron-type-parameters": ["Item"]"#),
            new: object(
                #""items": {"type": "array", "items": {"x-ron-type-parameter": "Element"}}"#,
                extra: #", "x-ron-type-parameters": ["Element"]"#),
            verdicts: "BREAKS BREAKS BREAKS"),
        RuleCase(
            rule: .documentationChanged, old: thing,
            new: object(#""id": {"type": "string", "description": "The key."}"#, required: ["id"]), verdicts: "ok ok ok"
        ),
        RuleCase(
            rule: .fieldAddedOptional, old: thing,
            new: object(#""id": {"type": "string"}, "note": {"type": "string"}"#, required: ["id"]),
            verdicts: "ok ok ok"),
        RuleCase(
            rule: .fieldAddedRequired, old: thing,
            new: object(#""id": {"type": "string"}, "note": {"type": "string"}"#, required: ["id", "note"]),
            verdicts: "ok BREAKS BREAKS"),
        RuleCase(
            rule: .fieldRemoved,
            old: object(#""id": {"type": "string"}, "note": {"type": "string"}"#, required: ["id", "note"]), new: thing,
            verdicts: "BREAKS ok BREAKS"),
        RuleCase(
            rule: .fieldMadeRequired, old: property(#"{"type": "string"}"#),
            new: property(#"{"type": "string"}"#, required: true), verdicts: "ok BREAKS BREAKS"),
        RuleCase(
            rule: .fieldMadeOptional, old: property(#"{"type": "string"}"#, required: true),
            new: property(#"{"type": "string"}"#), verdicts: "BREAKS ok BREAKS"),
        RuleCase(
            rule: .fieldMadeNullable, old: property(#"{"type": "string"}"#, required: true),
            new: property(#"{"type": ["string", "null"]}"#, required: true), verdicts: "BREAKS ok BREAKS"),
        RuleCase(
            rule: .fieldMadeNonNullable, old: property(#"{"type": ["string", "null"]}"#, required: true),
            new: property(#"{"type": "string"}"#, required: true), verdicts: "ok BREAKS BREAKS"),
        RuleCase(
            rule: .fieldOrderChanged,
            old: object(#""amount_minor": {"type": "integer"}, "currency": {"type": "string"}"#),
            new: object(#""currency": {"type": "string"}, "amount_minor": {"type": "integer"}"#),
            verdicts: "ok ok BREAKS"),
        RuleCase(
            rule: .fieldSwiftNameChanged, old: thing, new: thing, verdicts: "ok ok BREAKS",
            edit: { model in
                if case .structure(let parameters, var fields) = model.types[0].shape {
                    fields[0].swiftName = "identifier"
                    model.types[0].shape = .structure(typeParameters: parameters, fields: fields)
                }
            }),
        RuleCase(
            rule: .fieldTypeWidened, old: property(#"{"type": "integer", "x-ron-type": "i32"}"#, required: true),
            new: property(#"{"type": "integer", "x-ron-type": "i64"}"#, required: true), verdicts: "BREAKS ok BREAKS"),
        RuleCase(
            rule: .fieldTypeNarrowed, old: property(#"{"type": "integer", "x-ron-type": "u32"}"#, required: true),
            new: property(#"{"type": "integer", "x-ron-type": "u16"}"#, required: true), verdicts: "ok BREAKS BREAKS"),
        RuleCase(
            rule: .fieldInt64EncodingChanged,
            old: property(#"{"type": "integer", "x-ron-type": "i64"}"#, required: true),
            new: property(#"{"type": "string", "x-ron-type": "i64"}"#, required: true), verdicts: "BREAKS BREAKS ok"),
        RuleCase(
            rule: .fieldFormatChanged, old: property(#"{"type": "string"}"#, required: true),
            new: property(#"{"type": "string", "format": "date-time"}"#, required: true), verdicts: "ok BREAKS BREAKS"),
        RuleCase(
            rule: .fieldTypeChanged, old: property(#"{"type": "string"}"#, required: true),
            new: property(#"{"type": "boolean"}"#, required: true), verdicts: "BREAKS BREAKS BREAKS"),
        RuleCase(
            rule: .fieldDefaultAdded, old: property(#"{"type": "integer", "x-ron-type": "u8"}"#),
            new: property(#"{"type": "integer", "x-ron-type": "u8", "default": 3}"#), verdicts: "ok ok BREAKS"),
        RuleCase(
            rule: .fieldDefaultRemoved, old: property(#"{"type": "integer", "x-ron-type": "u8", "default": 3}"#),
            new: property(#"{"type": "integer", "x-ron-type": "u8"}"#), verdicts: "ok ok BREAKS"),
        RuleCase(
            rule: .fieldDefaultChanged, old: property(#"{"type": "integer", "x-ron-type": "u8", "default": 3}"#),
            new: property(#"{"type": "integer", "x-ron-type": "u8", "default": 5}"#), verdicts: "BREAKS BREAKS ok"),
        RuleCase(
            rule: .fieldOmitDefaultChanged, old: property(#"{"type": "integer", "x-ron-type": "u8", "default": 3}"#),
            new: property(#"{"type": "integer", "x-ron-type": "u8", "default": 3, "x-ron-omit-default": true}"#),
            verdicts: "ok ok ok"),
        RuleCase(
            rule: .fieldDeprecated, old: property(#"{"type": "string"}"#),
            new: property(#"{"type": "string", "deprecated": true}"#), verdicts: "ok ok ok"),
        RuleCase(
            rule: .enumValueAdded, old: #""Mode": {"type": "string", "enum": ["a"]}"#,
            new: #""Mode": {"type": "string", "enum": ["a", "b"]}"#, verdicts: "ok ok BREAKS"),
        RuleCase(
            rule: .enumValueRemoved, old: #""Mode": {"type": "string", "enum": ["a", "b"]}"#,
            new: #""Mode": {"type": "string", "enum": ["a"]}"#, verdicts: "ok ok BREAKS"),
        RuleCase(
            rule: .enumCaseRenamed, old: #""Mode": {"type": "string", "enum": ["a"]}"#,
            new: #""Mode": {"type": "string", "enum": ["a"], "x-ron-case-names": {"a": "first"}}"#,
            verdicts: "ok ok BREAKS"),
        RuleCase(
            rule: .unionVariantAdded, old: taggedUnion(##""exp": "#/$defs/Expires""##),
            new: taggedUnion(##""exp": "#/$defs/Expires", "aud": "#/$defs/Audience""##), verdicts: "ok ok BREAKS"),
        RuleCase(
            rule: .unionVariantRemoved, old: taggedUnion(##""exp": "#/$defs/Expires", "aud": "#/$defs/Audience""##),
            new: taggedUnion(##""exp": "#/$defs/Expires""##), verdicts: "ok ok BREAKS"),
        RuleCase(
            rule: .unionVariantRenamed, old: taggedUnion(##""exp": "#/$defs/Expires""##),
            new: taggedUnion(##""exp": "#/$defs/Expires""##), verdicts: "ok ok BREAKS",
            edit: { model in
                guard let index = model.types.firstIndex(where: { $0.name == "Caveat" }),
                    case .taggedUnion(let tag, var variants) = model.types[index].shape
                else { return }
                variants[0].swiftName = "expiry"
                model.types[index].shape = .taggedUnion(discriminator: tag, variants: variants)
            }),
        RuleCase(
            rule: .unionVariantPayloadChanged,
            old: external(
                #"{"type": "string", "enum": ["Stop"]}, {"type": "object", "required": ["Move"], "properties": {"Move": {"type": "string"}}}"#
            ),
            new: external(
                #"{"type": "string", "enum": ["Stop"]}, {"type": "object", "required": ["Move"], "properties": {"Move": {"type": "integer"}}}"#
            ), verdicts: "BREAKS BREAKS BREAKS"),
        RuleCase(
            rule: .unionTaggingChanged, old: taggedUnion(##""exp": "#/$defs/Expires""##),
            new: taggedUnion(##""exp": "#/$defs/Expires""##, property: "kind"), verdicts: "BREAKS BREAKS ok"),
        RuleCase(
            rule: .patternChanged, old: #""Code": {"type": "string", "pattern": "^[a-z]+$"}"#,
            new: #""Code": {"type": "string", "pattern": "^[a-z0-9]+$"}"#, verdicts: "BREAKS BREAKS ok"),
        RuleCase(
            rule: .aliasTargetChanged,
            old: #""Counts": {"type": "object", "additionalProperties": {"type": "integer", "x-ron-type": "u16"}}"#,
            new: #""Counts": {"type": "object", "additionalProperties": {"type": "integer", "x-ron-type": "u32"}}"#,
            verdicts: "BREAKS ok BREAKS"),
    ]

    static func model(_ defs: String) throws -> SchemaModel {
        try CodeGenerator().model(documents: [("a.schema.json", #"{"$defs": {"# + defs + "}}")])
    }

    /// The model of `types.json` (`Thing`, `Other`) and an OpenAPI document `api.json` whose `paths` are `paths`.
    static func api(_ paths: String) throws -> SchemaModel {
        let types = #"""
            {"$defs": {
              "Thing": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
              "Other": {"type": "object", "required": ["name"], "properties": {"name": {"type": "integer"}}}}}
            """#
        return try CodeGenerator().model(documents: [
            ("types.json", types), ("api.json", #"{"openapi": "3.1.0", "paths": {"# + paths + "}}"),
        ])
    }

    @Test(
        "other shapes of the operation rules get the verdicts of how the generated calls behave",
        arguments: operationVariants)
    func operationVariantVerdicts(_ example: RuleCase) throws {
        try ruleVerdicts(example)
    }

    @Test("each rule's example gets the rule's three verdicts", arguments: cases)
    func ruleVerdicts(_ example: RuleCase) throws {
        let old = try example.paths ? Self.api(example.old) : Self.model(example.old)
        var new = try example.paths ? Self.api(example.new) : Self.model(example.new)
        example.edit?(&new)
        let report = SchemaDiff.compare(old: old, new: new)
        let change = try #require(
            report.changes.first { $0.rule == example.rule }, "no \(example.rule.rawValue) in \(report.changes)")
        func mark(_ verdict: CompatibilityVerdict) -> String { verdict == .compatible ? "ok" : "BREAKS" }
        let verdicts = [
            change.verdicts.oldClientsNewServer, change.verdicts.newClientsOldServer, change.verdicts.swiftSource,
        ].map(mark).joined(separator: " ")
        #expect(verdicts == example.verdicts, "\(change)")
        #expect(change.old != nil || change.new != nil)
        #expect(SchemaDiff.compare(old: old, new: old).changes.isEmpty, "a schema compared with itself has no change")
    }

    @Test("members added or removed around others are no reorder; a reorder is one change, with both orders")
    func reorders() throws {
        let old = try Self.model(Self.object(#""a": {"type": "string"}, "c": {"type": "string"}"#))
        let added = try Self.model(
            Self.object(#""a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}"#))
        #expect(!SchemaDiff.compare(old: old, new: added).changes.contains { $0.rule == .fieldOrderChanged })
        #expect(!SchemaDiff.compare(old: added, new: old).changes.contains { $0.rule == .fieldOrderChanged })
        let swapped = try Self.model(
            Self.object(#""c": {"type": "string"}, "b": {"type": "string"}, "a": {"type": "string"}"#))
        let reorders = SchemaDiff.compare(old: old, new: swapped).changes.filter { $0.rule == .fieldOrderChanged }
        #expect(reorders.map(\.detail) == ["a, c → c, a"])
        #expect(SchemaDiff.compare(old: old, new: swapped).bump == .major)
    }

    @Test("a type renamed because another document took its name is a rename, and its users see no change")
    func aCollidingNameIsARename() throws {
        let orders = #"""
            {"$defs": {"Order": {"type": "object", "properties": {"status": {"$ref": "#/$defs/OrderStatus"}},
                                 "required": ["status"]},
                       "OrderStatus": {"type": "string", "enum": ["open", "closed"]}}}
            """#
        let billing = #"""
            {"$defs": {"Invoice": {"type": "object", "properties": {"status": {"$ref": "#/$defs/OrderStatus"}}},
                       "OrderStatus": {"type": "object", "properties": {"code": {"type": "integer", "format": "int32"}}}}}
            """#
        let old = try CodeGenerator().model(documents: [("orders.schema.json", orders)])
        let new = try CodeGenerator().model(documents: [
            ("billing.schema.json", billing), ("orders.schema.json", orders),
        ])
        let report = SchemaDiff.compare(old: old, new: new)
        let renamed = try #require(report.changes.first { $0.rule == .typeRenamed }, "\(report.changes)")
        #expect(renamed.old?.file == "orders.schema.json" && renamed.new?.file == "orders.schema.json")
        #expect(report.renamedTypes["OrderStatus"] == renamed.typeName)
        #expect(!report.changes.contains { $0.verdicts.oldClientsNewServer == .breaking }, "\(report.changes)")
        #expect(!report.changes.contains { $0.typeName == "Order" }, "Order's member refers to the same type")
        #expect(report.changes.contains { $0.rule == .typeAdded && $0.new?.file == "billing.schema.json" })
    }

    @Test("x-ron-order keeps the Swift order, so a reorder of properties breaks nothing")
    func orderKeptByExtension() throws {
        let ordered = #", "x-ron-order": ["amount_minor", "currency"]"#
        let old = try Self.model(
            Self.object(#""amount_minor": {"type": "string"}, "currency": {"type": "string"}"#, extra: ordered))
        let new = try Self.model(
            Self.object(#""currency": {"type": "string"}, "amount_minor": {"type": "string"}"#, extra: ordered))
        #expect(SchemaDiff.compare(old: old, new: new).changes.isEmpty)
        guard case .structure(_, let fields)? = new.types.first?.shape else {
            Issue.record("no struct")
            return
        }
        #expect(fields.filter(\.isMember).map(\.wireName) == ["amount_minor", "currency"])
        #expect(throws: CodegenError.self) {
            try Self.model(Self.object(#""a": {"type": "string"}"#, extra: #", "x-ron-order": ["b"]"#))
        }
    }

    @Test("an enum rewritten as a oneOf of described const values changes documentation only")
    func describedEnumValuesAreDocumentation() throws {
        let old = try Self.model(#""Status": {"type": "string", "enum": ["open", "closed"]}"#)
        let new = try Self.model(
            #""Status": {"oneOf": [{"const": "open", "description": "Taking orders."}, {"const": "closed"}]}"#)
        let report = SchemaDiff.compare(old: old, new: new)
        #expect(report.changes.map(\.rule) == [.documentationChanged], "\(report.changes)")
        #expect(report.changes.first?.member == "open")
        #expect(report.changes.allSatisfy { $0.verdicts == .allCompatible })
    }

    @Test("a plain string member that becomes an open string enum, or the reverse, breaks Swift source only")
    func openEnumAndPlainStringReadEachOther() throws {
        let mode = #""Mode": {"type": "string", "enum": ["a", "b"]}, "#
        let plain = try Self.model(mode + Self.property(#"{"type": "string"}"#, required: true))
        let enumerated = try Self.model(mode + Self.property(##"{"$ref": "#/$defs/Mode"}"##, required: true))
        for (old, new) in [(enumerated, plain), (plain, enumerated)] {
            let changes = SchemaDiff.compare(old: old, new: new).changes
            let change = try #require(changes.first { $0.member == "n" }, "\(changes)")
            #expect(change.rule == .fieldTypeChanged)
            // The generated enum keeps an unknown value as `.unknown(String)`, and its values are strings.
            #expect(change.verdicts.oldClientsNewServer == .compatible, "\(change)")
            #expect(change.verdicts.newClientsOldServer == .compatible, "\(change)")
            #expect(change.verdicts.swiftSource == .breaking)
        }
        // A struct is no string: that still breaks both ways, and so does a name that is a struct on
        // one side and a string enum on the other.
        let object = try Self.model(
            #""Mode": {"type": "object", "properties": {}}, "#
                + Self.property(##"{"$ref": "#/$defs/Mode"}"##, required: true))
        let structToEnum = SchemaDiff.compare(old: object, new: plain).changes.first { $0.member == "n" }
        #expect(structToEnum?.verdicts.breaksWire == true, "\(String(describing: structToEnum))")
        let string = try Self.model(Self.property(#"{"type": "string"}"#, required: true))
        let change = try #require(SchemaDiff.compare(old: object, new: string).changes.first { $0.member == "n" })
        #expect(change.verdicts.breaksWire)
        #expect(change.verdicts.oldClientsNewServer == .breaking && change.verdicts.newClientsOldServer == .breaking)
    }

    @Test("the renderings list breaking changes first; listing .breaking leaves the others out of the list only")
    func breakingChangesAreListedFirst() throws {
        let old = try Self.model(Self.object(#""a": {"type": "string"}, "b": {"type": "string"}"#, required: ["b"]))
        let new = try Self.model(
            Self.object(#""a": {"type": "string", "description": "A."}, "b": {"type": "boolean"}"#, required: ["b"]))
        var report = SchemaDiff.compare(old: old, new: new)
        #expect(report.changes.map(\.rule) == [.documentationChanged, .fieldTypeChanged], "found in schema order")
        #expect(report.listed.map(\.rule) == [.fieldTypeChanged, .documentationChanged])
        report.listing = .breaking
        #expect(report.listed.map(\.rule) == [.fieldTypeChanged])
        #expect(!report.table().contains("DOCUMENTATION_CHANGED"))
        #expect(report.summary.contains("2 changes") && report.summary.contains("1 not breaking not listed"))
        #expect(report.bump == .major)
        #expect(!(try report.json()).contains("DOCUMENTATION_CHANGED"))
    }

    @Test("an operation's change names its route and its place in the document, in the table and the JSON")
    func operationChangesAreLocated() throws {
        let old = try Self.api(Self.route() + ", " + Self.route("/other", id: "getOther"))
        let new = try Self.api(Self.route(extra: Self.query("limit:int32!")))
        let report = SchemaDiff.compare(old: old, new: new)
        let removed = try #require(report.changes.first { $0.rule == .operationRemoved })
        #expect(removed.typeName == "GET /other")
        #expect(removed.old?.description == "api.json#/paths/~1other/get")
        #expect(removed.new == nil)
        let added = try #require(report.changes.first { $0.rule == .parameterAddedRequired })
        #expect(added.typeName == "GET /things")
        #expect(added.member == "query limit")
        #expect(added.new?.description == "api.json#/paths/~1things/get/parameters/0")
        #expect(report.bump == .major)
        let table = report.table()
        #expect(table.contains("GET /other") && table.contains("api.json#/paths/~1other/get"))
        let json = try report.json()
        #expect(json.contains(#""pointer" : "/paths/~1other/get""#) && json.contains(#""rule" : "OPERATION_REMOVED""#))
    }

    @Test("a parameter the generated method does not take as an argument breaks no Swift source")
    func nonArgumentParameters() throws {
        let stream =
            #"{"200": {"description": "ok", "content": {"text/event-stream": {"schema": {"$ref": "types.json#/$defs/Thing"}}}}}"#
        let lastEventId =
            #", "parameters": [{"name": "Last-Event-ID", "in": "header", "required": true, "schema": {"type": "string"}}]"#
        let report = SchemaDiff.compare(
            old: try Self.api(Self.route(responses: stream)),
            new: try Self.api(Self.route(extra: lastEventId, responses: stream)))
        let change = try #require(report.changes.first { $0.rule == .parameterAddedRequired })
        #expect(change.member == "header last-event-id")
        #expect(change.verdicts.oldClientsNewServer == .breaking)
        #expect(change.verdicts.swiftSource == .compatible, "every subscription already takes lastEventId:")
        // The same header on a plain call is a new argument.
        let call = SchemaDiff.compare(
            old: try Self.api(Self.route()), new: try Self.api(Self.route(extra: lastEventId)))
        #expect(call.changes.first { $0.rule == .parameterAddedRequired }?.verdicts.swiftSource == .breaking)
    }

    @Test("the package's own schema, operations included, has no change against itself")
    func ownSchemaComparesEqual() throws {
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Schema")
        let model = try CodeGenerator().model(schemaDirectory: schema)
        #expect(!model.operations.isEmpty)
        #expect(SchemaDiff.compare(old: model, new: model).changes.isEmpty)
        var fewer = model
        fewer.operations.removeLast()
        let changes = SchemaDiff.compare(old: model, new: fewer).changes
        #expect(changes.map(\.rule) == [.operationRemoved])
    }

    @Test("every rule has an example here and a line in docs/SchemaDiffRules.md")
    func everyRuleIsDocumentedAndTested() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let docs = try String(contentsOf: root.appending(path: "docs/SchemaDiffRules.md"), encoding: .utf8)
        for rule in SchemaDiffRule.allCases {
            #expect(docs.contains("`\(rule.rawValue)`"), "\(rule.rawValue) is not in docs/SchemaDiffRules.md")
            // TYPE_CHANGED is the fallback for kinds of declaration the diff does not know: no schema spells one.
            if rule != .typeChanged {
                #expect(Self.cases.contains { $0.rule == rule }, "\(rule.rawValue) has no example")
            }
        }
    }
}
