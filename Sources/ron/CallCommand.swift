import ArgumentParser
import Foundation
import RonAppSdkSwift
import RonCommandLine
import RonDrift

/// `ron call METHOD PATH`: one App Plane call, printed.
struct CallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Make one App Plane call and print the status, key headers and the body or the problem.",
        discussion: """
            The gateway is RON_SDK_GATEWAY_ADDR unless --base is given. PATH is below /app, e.g. /hello.
            With --schema DIR, PATH is an operation of that schema (its server path, not /app) and the \
            credentials its security requires are attached from --credential NAME=VALUE, \
            --credentials-file or RON_CREDENTIAL_<NAME>, where each scheme says (never printed).
            Exits 1 when the call ends in a problem.
            """)

    @Argument(help: "GET, POST, PUT, PATCH or DELETE.")
    var method: String

    @Argument(help: "The path below /app, starting with '/'.")
    var path: String

    @Option(help: "The gateway's base URL (default: RON_SDK_GATEWAY_ADDR).")
    var base: String?

    @Option(help: "A JSON request body.")
    var body: String?

    @Option(name: .customLong("query"), help: "A query parameter k=v (repeatable).")
    var queries: [String] = []

    @Option(name: .customLong("header"), help: "A request header k:v (repeatable).")
    var headers: [String] = []

    @Option(help: "The overall timeout in milliseconds.")
    var timeoutMs: Int?

    @Flag(help: "Allow an http:// base URL that is not on this machine.")
    var allowInsecureHttp = false

    @Option(
        help: ArgumentHelp(
            "A schema folder whose operation PATH is: its server path and its security are used.", valueName: "dir"))
    var schema: String?

    @OptionGroup var credentials: CredentialOptions

    func run() async throws {
        let verb = HTTPMethod(rawValue: method)
        guard [HTTPMethod.get, .post, .put, .patch, .delete].contains(verb) else {
            throw ValidationError("unknown method '\(method)' (GET, POST, PUT, PATCH or DELETE)")
        }
        var query: [(String, String)] = []
        for item in queries {
            guard let equals = item.firstIndex(of: "=") else { throw ValidationError("--query '\(item)' is not k=v") }
            query.append((String(item[..<equals]), String(item[item.index(after: equals)...])))
        }
        var headerValues: [String: String] = [:]
        for item in headers {
            guard let colon = item.firstIndex(of: ":") else { throw ValidationError("--header '\(item)' is not k:v") }
            headerValues[String(item[..<colon]).trimmingCharacters(in: .whitespaces)] =
                String(item[item.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        var requestBody: AppRequestBody?
        if let body {
            guard let data = body.data(using: .utf8),
                (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
            else { throw ValidationError("--body is not valid JSON") }
            requestBody = AppRequestBody(data: data, contentType: "application/json")
        }
        var target: SchemaCallTarget?
        let tool: ToolCredentials
        do {
            tool = try credentials.read()
            if let schema { target = try SchemaCallTarget.find(schema: schema, method: method, path: path) }
            if target == nil && !credentials.isEmpty {
                throw UsageError("--credential needs --schema: the schema says which scheme a call takes and where")
            }
        } catch let error as UsageError {
            throw ValidationError(error.description)
        }
        let client: RonClient
        if let target {
            let baseURL = (base ?? ProcessInfo.processInfo.environment["RON_SDK_GATEWAY_ADDR"]).flatMap(
                URL.init(string:))
            do {
                client = try ToolClient.make(
                    base: base, allowInsecureHttp: allowInsecureHttp, timeoutMs: timeoutMs,
                    credentials: try tool.credentials(for: target.schemes, base: baseURL))
            } catch let error as UsageError {
                throw ValidationError(error.description)
            }
        } else {
            client = try CLIClient.make(base: base, allowInsecureHttp: allowInsecureHttp, timeoutMs: timeoutMs)
        }
        var request = AppRequest(
            method: verb, path: path, query: query.map { URLQueryItem(name: $0.0, value: $0.1) },
            headers: headerValues, body: requestBody, timeoutMs: timeoutMs)
        if let target {
            request.path = RonPath.server(target.serverPath) + (path.hasPrefix("/") ? path : "/" + path)
            request.security = target.security
        }
        let response: AppResponse<Data> = await client.request(request)
        print(Transcript.statusLine(response))
        for name in ["content-type", "x-request-id", "x-correlation-id", "retry-after"] {
            if let value = response.header(name) { print("\(name): \(value)") }
        }
        print()
        if let problem = response.problem {
            print(Transcript.describe(problem))
            throw ExitCode(1)
        }
        print(Transcript.pretty(response.raw ?? Data()))
    }
}

/// Builds the CLI's client from flags and the environment.
enum CLIClient {
    static func make(base: String?, allowInsecureHttp: Bool, timeoutMs: Int?, token: String? = nil) throws -> RonClient
    {
        do {
            return try ToolClient.make(
                base: base, allowInsecureHttp: allowInsecureHttp, timeoutMs: timeoutMs, token: token)
        } catch let error as UsageError {
            throw ValidationError(error.description)
        }
    }
}
