import Foundation
import RonCodegenCore
import Testing

/// The diff's verdicts for the parts of a multipart body and a form's `encoding` object: each part
/// is a property of the generated form type and a part on the wire.
@Suite("Schema diff of multipart and form bodies")
struct MultipartDiffTests {
    typealias RuleCase = SchemaDiffRuleTests.RuleCase

    /// `POST /upload` with a multipart body of these properties (`name:schema`, required when `!`
    /// follows the name) and this `encoding` object.
    static func upload(_ properties: [String], encoding: String = "{}") -> String {
        let required = properties.compactMap {
            $0.split(separator: ":")[0].hasSuffix("!") ? "\"\($0.split(separator: ":")[0].dropLast())\"" : nil
        }
        let members = properties.map { spec -> String in
            let parts = spec.split(separator: ":", maxSplits: 1)
            let name = parts[0].hasSuffix("!") ? String(parts[0].dropLast()) : String(parts[0])
            return "\"\(name)\": \(parts[1])"
        }
        let schema =
            #"{"type": "object", "required": [\#(required.joined(separator: ", "))], "properties": {\#(members.joined(separator: ", "))}}"#
        return
            #""/upload": {"post": {"operationId": "upload", "requestBody": {"required": true, "content": {"multipart/form-data": {"schema": \#(schema), "encoding": \#(encoding)}}}, "responses": {"204": {"description": "ok"}}}}"#
    }

    static func search(_ encoding: String) -> String {
        #""/search": {"post": {"operationId": "search", "requestBody": {"required": true, "content": {"application/x-www-form-urlencoded": {"schema": {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}, "encoding": \#(encoding)}}}, "responses": {"204": {"description": "ok"}}}}"#
    }

    static let text = #"{"type": "string"}"#
    static let file = #"{"type": "string", "format": "binary"}"#

    static let cases: [RuleCase] = [
        RuleCase(
            rule: .fieldAddedOptional, old: upload(["title!:\(text)"]),
            new: upload(["title!:\(text)", "note:\(text)"]),
            verdicts: "ok ok ok", paths: true),
        RuleCase(
            rule: .fieldAddedRequired, old: upload(["title!:\(text)"]),
            new: upload(["title!:\(text)", "photo!:\(file)"]),
            verdicts: "BREAKS ok BREAKS", paths: true),
        RuleCase(
            rule: .fieldRemoved, old: upload(["title!:\(text)", "photo!:\(file)"]), new: upload(["title!:\(text)"]),
            verdicts: "ok BREAKS BREAKS", paths: true),
        RuleCase(
            rule: .fieldTypeChanged, old: upload(["photo!:\(text)"]), new: upload(["photo!:\(file)"]),
            verdicts: "BREAKS BREAKS BREAKS", paths: true),
        RuleCase(
            rule: .fieldTypeChanged, old: upload(["photo!:\(file)"]),
            new: upload(["photo!:\(file)"], encoding: #"{"photo": {"contentType": "image/png"}}"#),
            verdicts: "BREAKS BREAKS ok", paths: true),
        RuleCase(
            rule: .fieldMadeRequired, old: upload(["photo:\(file)"]), new: upload(["photo!:\(file)"]),
            verdicts: "BREAKS ok BREAKS", paths: true),
        RuleCase(
            rule: .parameterStyleChanged, old: upload(["photo!:\(file)"]),
            new: upload(
                ["photo!:\(file)"],
                encoding: #"{"photo": {"headers": {"X-Sum": {"required": true, "schema": {"type": "string"}}}}}"#),
            verdicts: "BREAKS ok BREAKS", paths: true),
        RuleCase(
            rule: .parameterStyleChanged, old: search("{}"), new: search(#"{"tags": {"explode": false}}"#),
            verdicts: "BREAKS BREAKS ok", paths: true),
    ]

    @Test("a part's change gets the verdicts of the form type and the wire", arguments: cases)
    func partVerdicts(_ example: RuleCase) throws {
        let old = try SchemaDiffRuleTests.api(example.old)
        let new = try SchemaDiffRuleTests.api(example.new)
        let report = SchemaDiff.compare(old: old, new: new)
        // The body's schema is a named type too; its own changes are judged as a type's.
        let change = try #require(
            report.changes.first {
                $0.rule == example.rule && ($0.member?.hasPrefix("body part") == true || $0.member == "body")
            }, "no \(example.rule.rawValue) of the body in \(report.changes)")
        func mark(_ verdict: CompatibilityVerdict) -> String { verdict == .compatible ? "ok" : "BREAKS" }
        let verdicts = [
            change.verdicts.oldClientsNewServer, change.verdicts.newClientsOldServer, change.verdicts.swiftSource,
        ].map(mark).joined(separator: " ")
        #expect(verdicts == example.verdicts, "\(change)")
        #expect(SchemaDiff.compare(old: old, new: old).changes.isEmpty)
    }
}
