import Foundation
import RonTestSupport
import Testing

@testable import RonCodegenCore

/// Where openapi-core is.
enum OpenAPICore {
    static let env = URL(fileURLWithPath: "/usr/bin/env")

    /// Whether `python3` can import openapi-core.
    static let available: Bool = {
        (try? ChildProcess.run(env, ["python3", "-c", "import openapi_core"]).status) == 0
    }()
}

/// openapi-core (Python), where it is installed, asked about the same values: the table's verdicts
/// must be its verdicts. `RON_DESCRIPTION_AGREEMENT_CASES` names a JSON file of more cases (a list of
/// `{"version", "schema", "components", "body"}`, `body` the answer's text) to compare the validator
/// with openapi-core on, case by case.
@Suite("Description validator agrees with openapi-core", .enabled(if: OpenAPICore.available))
struct DescriptionValidatorAgreementTests {
    static let env = OpenAPICore.env

    /// Reads the cases file named by its argument, answers each with openapi-core as the response
    /// of `GET /p` (status 200, `application/json`), and prints `[{"verdict": true|false|null, "why"}]`
    /// (`null` where openapi-core refuses the document itself).
    static let script = #"""
        import json, sys, warnings
        warnings.simplefilter("ignore")
        from openapi_core import OpenAPI
        from openapi_core.testing import MockRequest, MockResponse
        out = []
        for case in json.load(open(sys.argv[1])):
            content = {"application/json": {"schema": case["schema"]}}
            spec = {"openapi": case["version"], "info": {"title": "t", "version": "1"},
                    "paths": {"/p": {"get": {"responses": {"200": {"description": "ok", "content": content}}}}},
                    "components": {"schemas": case.get("components") or {}}}
            try:
                api = OpenAPI.from_dict(spec)
            except Exception as error:
                out.append({"verdict": None, "why": str(error).splitlines()[0][:200]})
                continue
            answer = MockResponse(case["body"].encode(), status_code=200, content_type="application/json")
            try:
                api.validate_response(MockRequest("http://localhost", "get", "/p"), answer)
                out.append({"verdict": True, "why": ""})
            except Exception as error:
                cause = error.__cause__
                out.append({"verdict": False, "why": type(error).__name__ + ": " + str(getattr(cause, "schema_errors", cause))[:300]})
        print(json.dumps(out))
        """#

    /// The cases as the script reads them.
    static func json(_ cases: [DescriptionCase]) -> String {
        "["
            + cases.map { example in
                #"{"version": "\#(example.version)", "schema": \#(example.schema), "components": {\#(example.components)}, "body": \#(DocumentValue.string(example.value).jsonText)}"#
            }.joined(separator: ",\n") + "]"
    }

    /// openapi-core's verdict on each case of the JSON text `cases` (`nil`: it refused the document).
    static func openapiCore(_ cases: String) async throws -> [(verdict: Bool?, why: String)] {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "description-agreement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(script.utf8).write(to: folder.appending(path: "agree.py"))
        try Data(cases.utf8).write(to: folder.appending(path: "cases.json"))
        let run = try await ChildProcess.run(env, ["python3", "agree.py", "cases.json"], in: folder)
        try #require(run.status == 0, "\(run.error)")
        let answers = try SchemaDocumentReader.parse(Data(run.output.utf8), path: "verdicts.json")
        return (answers.arrayValue ?? []).map { answer in
            let verdict: Bool? = if case .bool(let flag) = answer.member("verdict") ?? .null { flag } else { nil }
            return (verdict, answer.member("why")?.text ?? "")
        }
    }

    @Test("openapi-core takes exactly the values the table says fit")
    func table() async throws {
        let cases = DescriptionCase.all
        let verdicts = try await Self.openapiCore(Self.json(cases))
        try #require(verdicts.count == cases.count)
        for (example, answer) in zip(cases, verdicts) {
            #expect(answer.verdict == example.fits, "\(example.testDescription): \(answer.why)")
        }
    }

    @Test(
        "the validator and openapi-core agree on every case of RON_DESCRIPTION_AGREEMENT_CASES",
        .enabled(if: ProcessInfo.processInfo.environment["RON_DESCRIPTION_AGREEMENT_CASES"] != nil))
    func corpus() async throws {
        let path = try #require(ProcessInfo.processInfo.environment["RON_DESCRIPTION_AGREEMENT_CASES"])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let cases = try SchemaDocumentReader.parse(Data(text.utf8), path: "cases.json").arrayValue ?? []
        let verdicts = try await Self.openapiCore(text)
        try #require(verdicts.count == cases.count)
        var disagreements = 0
        for (example, answer) in zip(cases, verdicts) {
            guard let expected = answer.verdict, let version = example.member("version")?.text,
                let schema = example.member("schema"), let body = example.member("body")?.text
            else { continue }
            let components = example.member("components")?.objectMembers ?? []
            let root = DocumentValue.object([
                ("openapi", .string(version)),
                ("components", .object([("schemas", .object(components + [("Subject", schema)]))])),
            ])
            let found = try DescriptionValidatorTests.problems(body, in: root)
            if found.isEmpty != expected {
                disagreements += 1
                Issue.record("\(version) \(schema.jsonText) ← \(body): openapi-core \(answer.why); ours \(found)")
            }
        }
        #expect(disagreements == 0, "\(disagreements) of \(cases.count)")
    }
}
