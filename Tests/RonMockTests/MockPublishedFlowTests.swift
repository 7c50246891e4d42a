import Foundation
import RonMock
import RonTestSupport
import Testing

/// A real vendor's description as published, served by the mock over loopback HTTP, and an app's
/// create → list → show → update → delete flow against it: Jupyter Server's `api.yaml` (Swagger
/// 2.0), which the `jupyter_server` package from PyPI carries (`services/api/api.yaml`). CI installs
/// that package (.ci/run), so there the test fails when the description cannot be found; elsewhere
/// it is skipped without it.
@Suite struct MockPublishedFlowTests {
    /// `services/api/api.yaml` of the installed `jupyter_server`, if `python3` imports it.
    static let jupyterDescription: URL? = {
        guard
            let run = try? ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", "-c", "import jupyter_server, os; print(os.path.dirname(jupyter_server.__file__))"]),
            run.status == 0
        else { return nil }
        let folder = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let file = URL(fileURLWithPath: folder).appending(path: "services/api/api.yaml")
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }()

    /// In CI (`CI` set) the description must be there: the test runs, and fails without it.
    static let runs = jupyterDescription != nil || ProcessInfo.processInfo.environment["CI"] != nil

    /// The token scheme Jupyter Server asks for (`Authorization: token ...`), which its published
    /// description leaves out, declared as Swagger 2.0 does: an API key in the `Authorization` header.
    static let tokenScheme = """

        securityDefinitions:
          jupyterToken:
            type: apiKey
            in: header
            name: Authorization
        security:
          - jupyterToken: []

        """

    static let token = ["Authorization": "token s3cret"]

    /// A session as Jupyter's `Session` definition has it (its `Kernel` requires `id` and `name`).
    static let session = #"""
        {"path": "work/analysis.ipynb", "name": "analysis.ipynb", "type": "notebook",
         "kernel": {"id": "3f1c6a52-2f55-4b8e-9a64-5d3f0c1e7b21", "name": "python3",
                    "last_activity": "2026-01-01T09:00:00.000000Z", "connections": 0, "execution_state": "idle"}}
        """#

    /// A mock of the description (with `extra` appended to its YAML) on a free loopback port.
    final class Jupyter {
        let served: MockOverDocuments

        init(appending extra: String = "", credentials: MockCredentials = MockCredentials()) throws {
            let description = try #require(
                MockPublishedFlowTests.jupyterDescription,
                "Jupyter Server's api.yaml was not found: CI installs jupyter_server (python3 -m pip install jupyter_server)"
            )
            var text = try String(contentsOf: description, encoding: .utf8)
            if !text.hasSuffix("\n") { text += "\n" }
            served = try MockOverDocuments(["jupyter.swagger.yaml": text + extra], credentials: credentials)
        }

        func call(
            _ method: String, _ target: String, headers: [String: String] = MockPublishedFlowTests.token,
            body: String? = nil
        ) throws -> MockHTTPClient.Answer {
            try served.request(method, target, headers: headers, body: body)
        }
    }

    @Test(.enabled(if: runs, "jupyter_server is not installed (CI installs it)"))
    func jupyterSessionsAreCreatedListedShownUpdatedAndDeleted() throws {
        let mock = try Jupyter(
            appending: Self.tokenScheme, credentials: MockCredentials(values: ["jupyterToken": "token s3cret"]))
        func sessions() throws -> [[String: Any]] {
            let list = try mock.call("GET", "/api/sessions")
            #expect(list.status == 200)
            return try JSONSerialization.jsonObject(with: list.body) as? [[String: Any]] ?? []
        }
        let before = try sessions()
        // Create: 201, the body as sent with a UUID id (Session.id is format: uuid), and its Location.
        let made = try mock.call("POST", "/api/sessions", body: Self.session)
        #expect(made.status == 201, "\(made.text)")
        let id = try #require(made.json?["id"] as? String)
        #expect(UUID(uuidString: id) != nil)
        #expect(made.json?["path"] as? String == "work/analysis.ipynb")
        #expect((made.json?["kernel"] as? [String: Any])?["name"] as? String == "python3")
        #expect(made.headers["location"] == "/api/sessions/\(id)")
        // List: it is there, with what was sent.
        let listed = try sessions()
        #expect(listed.count == before.count + 1)
        #expect(listed.contains { $0["id"] as? String == id && $0["name"] as? String == "analysis.ipynb" })
        // Show, then rename (PATCH merges): the change is kept.
        let shown = try mock.call("GET", "/api/sessions/\(id)")
        #expect(shown.status == 200)
        #expect(shown.json?["type"] as? String == "notebook")
        let renamed = try mock.call("PATCH", "/api/sessions/\(id)", body: #"{"path": "work/renamed.ipynb"}"#)
        #expect(renamed.status == 200)
        #expect(renamed.json?["path"] as? String == "work/renamed.ipynb")
        #expect(renamed.json?["name"] as? String == "analysis.ipynb", "a merge keeps the other members")
        #expect(try mock.call("GET", "/api/sessions/\(id)").json?["path"] as? String == "work/renamed.ipynb")
        // Delete: its documented 204; the list is as before, and the session is 404 (as the real
        // server answers, though this GET documents 200 only), never made up.
        #expect(try mock.call("DELETE", "/api/sessions/\(id)").status == 204)
        let gone = try mock.call("GET", "/api/sessions/\(id)")
        #expect(gone.status == 404)
        #expect(!gone.text.contains("renamed.ipynb"))
        #expect(try sessions().count == before.count)
        #expect(try sessions().contains { $0["id"] as? String == id } == false)
        // A body the description refuses: the Kernel without its required id.
        let invalid = try mock.call("POST", "/api/sessions", body: #"{"kernel": {"name": "python3"}}"#)
        #expect(invalid.status == 400)
        #expect(invalid.headers["x-ron-mock-problem"]?.contains("body at /kernel/id") == true)
    }

    @Test(.enabled(if: runs, "jupyter_server is not installed (CI installs it)"))
    func jupyterSessionsAskForTheToken() throws {
        let mock = try Jupyter(
            appending: Self.tokenScheme, credentials: MockCredentials(values: ["jupyterToken": "token s3cret"]))
        let without = try mock.call("POST", "/api/sessions", headers: [:], body: Self.session)
        #expect(without.status == 401)
        #expect(
            without.headers["www-authenticate"]
                == #"ApiKey realm="Jupyter Server API", name="Authorization", in="header""#)
        #expect(try mock.call("GET", "/api/sessions", headers: ["Authorization": "token wrong"]).status == 401)
        #expect(try mock.call("GET", "/api/sessions").status == 200)
        // A refused create changed nothing.
        #expect(try mock.call("GET", "/api/sessions").text.contains("analysis.ipynb") == false)
    }

    @Test(.enabled(if: runs, "jupyter_server is not installed (CI installs it)"))
    func theDescriptionAsPublishedAsksForNoCredential() throws {
        // api.yaml declares no security: every operation is open, as the mock serves it.
        let mock = try Jupyter()
        let made = try mock.call("POST", "/api/sessions", headers: [:], body: Self.session)
        #expect(made.status == 201)
        let id = try #require(made.json?["id"] as? String)
        #expect(try mock.call("GET", "/api/sessions/\(id)", headers: [:]).json?["id"] as? String == id)
    }
}
