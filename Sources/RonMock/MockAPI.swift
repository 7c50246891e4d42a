import Foundation
import RonCodegenCore

/// A user's operations as the mock answers them: the OpenAPI documents of a schema folder (read
/// with the code generator's model, so routes and types are what the generated calls use) and the
/// wire examples of a fixtures folder (`<TypeName>/<name>.json`). ``respond(to:)`` is the whole
/// behaviour; ``MockServer`` only carries requests to it. See docs/MockServer.md.
public struct MockAPI: Sendable {
    /// A schema or fixtures folder that cannot be served, with the file and the JSON pointer.
    public struct LoadError: Error, CustomStringConvertible {
        /// What went wrong and where.
        public var description: String
    }

    /// A wire example of a type: a fixture file, or an example of the document.
    struct Example: Sendable {
        var name: String
        /// Where it comes from (`Fixtures/Gadget/basic.json`), sent as `X-Ron-Mock-Source`.
        var source: String
        var value: DocumentValue
        /// The bytes to send: a JSON fixture as it is on disk, anything else rendered.
        var body: Data
    }

    let routes: [MockRoute]
    let documents: MockDocuments
    let validator: FixtureValidator
    let types: [String: NamedType]
    /// Type name → its fixtures, in name order.
    let fixtures: [String: [Example]]
    /// The fixtures that do not fit the schema (served as they are; a tool may warn).
    public let fixtureProblems: [FixtureCheckResult]
    /// The security schemes of the documents, for the operations' requirements.
    let securitySchemes: [SecurityScheme]
    /// The credentials accepted, and how the token endpoint issues tokens.
    let credentials: MockCredentials
    /// The tokens the token endpoint issued (shared by every reading of a ``MockSource``).
    let tokens: MockTokenStore
    /// Where the token endpoint answers (``tokenPaths(of:)``).
    let tokenPaths: [String]
    /// What requests changed (shared by every reading of a ``MockSource``); `nil` when stateless.
    let state: MockStateStore?
    /// The collections whose routes keep state (MockStateModel.swift); none when stateless.
    let stateModel: MockStateModel

    /// Reads the documents below `schemaDirectory` (at least one OpenAPI document with `paths`)
    /// and the fixtures below `fixturesDirectory`, if given; `credentials` are those its operations'
    /// security requirements accept (by default any non-empty credential where a scheme says);
    /// `state` says whether requests change what later ones see (by default they do; its state
    /// file, if any, is read now).
    public init(
        schemaDirectory: URL, fixturesDirectory: URL?, credentials: MockCredentials = MockCredentials(),
        state: MockStateConfiguration = MockStateConfiguration()
    ) throws {
        try self.init(
            schemaDirectory: schemaDirectory, fixturesDirectory: fixturesDirectory, credentials: credentials,
            tokens: MockTokenStore(), state: state.enabled ? MockStateStore(configuration: state) : nil)
    }

    /// As ``init(schemaDirectory:fixturesDirectory:credentials:state:)``, keeping the tokens of
    /// `tokens` and the state of `state` (`nil`: stateless).
    init(
        schemaDirectory: URL, fixturesDirectory: URL?, credentials: MockCredentials, tokens: MockTokenStore,
        state: MockStateStore?
    ) throws {
        self.credentials = credentials
        self.tokens = tokens
        self.state = state
        let model: SchemaModel
        let roots: [(path: String, root: DocumentValue)]
        do {
            model = try CodeGenerator().model(schemaDirectory: schemaDirectory)
            roots = try CodeGenerator().assembledDocuments(schemaDirectory: schemaDirectory)
        } catch let error as CodegenError {
            let at = error.pointer.isEmpty ? "" : "at \(error.pointer): "
            throw LoadError(description: "\(schemaDirectory.appending(path: error.file).path): \(at)\(error.message)")
        } catch {
            throw LoadError(description: "\(schemaDirectory.path): \(error)")
        }
        guard !model.operations.isEmpty else {
            throw LoadError(
                description: "\(schemaDirectory.path): no operations (no OpenAPI document with 'paths') to serve")
        }
        let documents = MockDocuments(
            roots: Dictionary(roots.map { ($0.path, $0.root) }, uniquingKeysWith: { first, _ in first }))
        self.documents = documents
        routes = model.operations.map { MockRoute(operation: $0, documents: documents) }
        if let clash = MockRoute.clash(in: routes) { throw LoadError(description: "\(schemaDirectory.path): \(clash)") }
        stateModel = state == nil ? MockStateModel() : MockStateModel(routes: routes, documents: documents)
        validator = FixtureValidator(model: model)
        securitySchemes = model.securitySchemes
        tokenPaths = Self.tokenPaths(of: model.securitySchemes)
        types = Dictionary(model.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let files = try Self.fixtureFiles(in: fixturesDirectory)
        fixtureProblems = validator.check(
            fixtures: files, prefix: (fixturesDirectory?.lastPathComponent ?? "Fixtures") + "/"
        ).filter { !$0.problems.isEmpty }
        var examples: [String: [Example]] = [:]
        for file in files.sorted(by: { $0.path < $1.path }) {
            let parts = file.path.split(separator: "/").map(String.init)
            let source = (fixturesDirectory?.lastPathComponent ?? "Fixtures") + "/" + file.path
            // A fixture that is not readable is in fixtureProblems; it is not served.
            guard let value = try? SchemaDocumentReader.parse(file.data, path: source) else { continue }
            let name = (parts[1] as NSString).deletingPathExtension
            let body = parts[1].hasSuffix(".json") ? file.data : Data(value.jsonText.utf8)
            examples[parts[0], default: []].append(Example(name: name, source: source, value: value, body: body))
        }
        fixtures = examples
    }

    /// Every route served, one line each (`GET /v1/gadgets/{gadget_id}  getGadget`), in document order.
    public var routeDescriptions: [String] {
        routes.map { "\($0.description)  \($0.operation.operationId)" }
    }

    /// The names of configured credentials (``MockCredentials/values``) that are no security
    /// scheme of the documents, in name order: most likely misspelt; a tool may warn.
    public var unknownCredentialNames: [String] {
        let known = Set(securitySchemes.map(\.name))
        return credentials.values.keys.filter { !known.contains($0) && $0 != "*" }.sorted()
    }

    /// The answer to `request`: a POST to a path of the OAuth 2.0 token endpoint is its answer
    /// (``tokenEndpointDescriptions``); 404 for a path no operation has, 405 (with `Allow`) for a
    /// known path with another method, 401 or 403 for a request without the credentials the
    /// operation's security requirements ask, 400 (the App Plane's problem envelope, naming every
    /// parameter and JSON pointer that does not fit) for a request the schema refuses, 415 for a
    /// body of another media type; otherwise the operation's documented answer from a fixture or an
    /// example (see docs/MockServer.md for which one). An error of its own takes the body the
    /// operation documents for its status where it documents one (its message then in
    /// `X-Ron-Mock-Problem`). Unless stateless, a collection's routes answer from the mock's state
    /// (what earlier requests created, changed and deleted), and `POST /_mock/reset` and
    /// `GET /_mock/state` are the state's own (``stateEndpointDescriptions``).
    public func respond(to request: MockRequest) -> MockResponse {
        let method = request.method.uppercased()
        let tokenPath = tokenPaths.contains(Self.normalizedPath(request.path))
        if tokenPath, method == "POST" { return tokenEndpoint(request) }
        // The state's own routes, `/_mock/reset` and `/_mock/state` (MockStateAnswers.swift).
        if let own = stateEndpoint(request) { return own }
        let segments = request.path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        let matching = routes.compactMap { route in route.match(segments).map { (route, $0) } }
        guard !matching.isEmpty else {
            if tokenPath {
                return MockProblem.response(
                    status: 405, code: "method_not_allowed",
                    message: "\(request.path) is the mock's OAuth 2.0 token endpoint: it answers POST", kind: "app",
                    headers: [("Allow", "POST")])
            }
            return MockProblem.response(
                status: 404, code: "not_found",
                message: "no operation of the schema matches \(request.method) \(request.path)", kind: "app")
        }
        let best = { (candidates: [(MockRoute, [String: String])]) in
            candidates.max { $0.0.literalCount < $1.0.literalCount }
        }
        guard
            let (route, pathValues) = best(matching.filter { $0.0.operation.method == method })
                ?? (method == "HEAD" ? best(matching.filter { $0.0.operation.method == "GET" }) : nil)
        else {
            var allowed = Set(matching.map(\.0.operation.method))
            if allowed.contains("GET") { allowed.insert("HEAD") }
            if tokenPath { allowed.insert("POST") }
            let allow = allowed.sorted().joined(separator: ", ")
            // The mock's own errors take the body the operation documents for their status (MockFaults+ErrorBodies).
            return documentedError(
                MockProblem.response(
                    status: 405, code: "method_not_allowed",
                    message: "\(request.path) does not answer \(method) (it answers \(allow))", kind: "app",
                    headers: [("Allow", allow)]),
                routes: matching.map(\.0))
        }
        // Every answer of an operation carries the headers it documents as required (MockAPI+Headers).
        if let refusal = authorize(request, route: route) {
            return withDocumentedHeaders(documentedError(refusal, routes: [route]), route: route)
        }
        if let refusal = validate(request, route: route, pathValues: pathValues) {
            return withDocumentedHeaders(documentedError(refusal, routes: [route]), route: route)
        }
        // A collection's routes answer from the mock's state (MockStateAnswers.swift), unless stateless.
        if let kept = stateAnswer(request, route: route) { return withDocumentedHeaders(kept, route: route) }
        return withDocumentedHeaders(answer(request, route: route), route: route)
    }

    private static func fixtureFiles(in directory: URL?) throws -> [(path: String, data: Data)] {
        guard let directory else { return [] }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw LoadError(description: "\(directory.path): the fixtures folder does not exist") }
        var files: [(path: String, data: Data)] = []
        let walker = FileManager.default.enumerator(atPath: directory.path)
        while let relative = walker?.nextObject() as? String {
            let parts = relative.split(separator: "/")
            guard parts.count == 2, relative.hasSuffix(".json") || relative.hasSuffix(".toml"),
                let data = FileManager.default.contents(atPath: directory.appending(path: relative).path)
            else { continue }
            files.append((relative, data))
        }
        return files
    }
}
