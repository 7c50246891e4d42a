import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP answer as a test sees it: status, lower-cased headers, body.
struct HTTPExchange: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    /// The value of header `name` (any case).
    func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The body as a JSON object, or `nil`.
    var jsonObject: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }

    /// Sends a `GET` with a fresh ephemeral URLSession.
    static func send(
        _ url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: TimeInterval = 15
    ) async throws -> HTTPExchange {
        try await send("GET", url, headers: headers, body: body, timeout: timeout)
    }

    /// Sends one request with a fresh ephemeral URLSession.
    static func send(
        _ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil,
        timeout: TimeInterval = 15
    ) async throws -> HTTPExchange {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var lowered: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { lowered[key.lowercased()] = value }
        }
        return HTTPExchange(status: http.statusCode, headers: lowered, body: data)
    }
}
