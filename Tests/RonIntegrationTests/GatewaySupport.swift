import Foundation
import RonAppSdkSwift
import RonGateway
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs `body` against a fresh embedded gateway on a free loopback port, then stops it.
func onGateway(_ body: (URL) async throws -> Void) async throws {
    try await EmbeddedGateway.withRunning(GatewayConfiguration(), body)
}

/// What `/app/echo?headers=1` answers: the request's headers as the gateway saw them.
struct EchoedHeaders: Decodable, Sendable {
    var headers: [String: String]?
}

/// What the example servers' handlers do with the gateway: forward a call, pass problems on.
enum ProxyHandlers {
    /// The `x-correlation-id` the gateway saw on a call made from the handler.
    static func correlationSeenByGateway(_ client: RonClient) async throws -> String {
        let answer: AppResponse<EchoedHeaders> = await client.post(
            "/echo", body: ["ping": true], query: ["headers": "1"])
        if let problem = answer.problem { throw problem }
        return (try? answer.value())?.headers?["x-correlation-id"] ?? ""
    }

    /// Calls a missing route and throws its problem (what a handler does with a failed call).
    static func missing(_ client: RonClient) async throws -> String {
        let answer: AppResponse<Hello> = await client.get("/_test/not-found")
        if let problem = answer.problem { throw problem }
        return (try? answer.value())?.message ?? ""
    }
}

/// A GET to a local server, returning status, lowercased headers and body.
func fetch(_ url: URL, headers: [String: String] = [:]) async throws -> (Int, [String: String], Data) {
    var request = URLRequest(url: url)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for (key, value) in http.allHeaderFields {
        if let name = key as? String { fields[name.lowercased()] = value as? String ?? "\(value)" }
    }
    return (http.statusCode, fields, data)
}

/// Three attempts without pauses, so retry tests count exactly two retries.
let quickRetries: RetryPolicy = {
    var policy = RetryPolicy.standard
    policy.maxAttempts = 3
    policy.baseDelayMs = 0
    policy.maxDelayMs = 0
    return policy
}()

#if AsyncHTTPClient
    /// Runs `body` with a client on `transport` (a new `AsyncHTTPClientTransport` unless given)
    /// for `base` (plain HTTP allowed; `config` adjusts the settings first), then closes the
    /// client and shuts the transport down, whether `body` threw or not.
    func withAsyncHTTPClient(
        _ base: URL, transport: AsyncHTTPClientTransport = AsyncHTTPClientTransport(),
        config: (inout RonConfig) -> Void = { _ in },
        _ body: (RonClient, AsyncHTTPClientTransport) async throws -> Void
    ) async throws {
        var settings = RonConfig(baseUrl: base, allowInsecureHttp: true, transport: transport)
        config(&settings)
        let client: RonClient
        do {
            client = try RonClient(config: settings)
        } catch {
            try await transport.shutdown()
            throw error
        }
        do {
            try await body(client, transport)
        } catch {
            client.close()
            try await transport.shutdown()
            throw error
        }
        client.close()
        try await transport.shutdown()
    }
#endif
