import Foundation

/// A write waiting in (or dead-lettered by) a ``RonOfflineQueue``, as stored in its file.
///
/// Credentials are never stored: credential headers (`Authorization`, `X-RON-Passport` and the
/// other `X-RON-*` headers but the request and correlation ids, cookies, anything named like a
/// token or session) are dropped when the request is queued; the client adds its current
/// credentials when it replays.
public struct RonQueuedRequest: Codable, Sendable, Hashable, Identifiable {
    /// One query parameter.
    public struct QueryItem: Codable, Sendable, Hashable {
        /// The parameter name.
        public var name: String
        /// The value; `nil` sends the bare name.
        public var value: String?

        /// Creates a parameter.
        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// A unique id of the entry.
    public var id: String
    /// The HTTP method.
    public var method: String
    /// The path below `/app`.
    public var path: String
    /// The query parameters, in order.
    public var query: [QueryItem]
    /// The call's own headers, without credentials, with the idempotency key.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data?
    /// The body's content type.
    public var contentType: String?
    /// The call's own overall timeout, in milliseconds.
    public var timeoutMs: Int?
    /// The idempotency key sent on every attempt.
    public var idempotencyKey: String
    /// When the request was first queued.
    public var enqueuedAt: Date
    /// How many sends did not deliver it so far, whatever the cause (unreachable, busy, refused).
    public var attempts: Int
    /// How many of those were answers that refused it (`4xx` other than `401`, `408`, `425`,
    /// `429`): only these move it towards the dead letters (``RonOfflineQueue/maxAttempts``).
    public var refusals: Int
    /// The problem of the last failed attempt.
    public var lastProblem: RonProblem?

    /// Creates an entry from a call that already carries `idempotencyKey` in its headers.
    public init(
        request: AppRequest, idempotencyKey: String, id: String = UUID().uuidString.lowercased(), now: Date = Date()
    ) {
        self.id = id
        method = request.method.rawValue
        path = request.path
        query = request.query.map { QueryItem(name: $0.name, value: $0.value) }
        headers = request.headers.filter { !Redactor.isSensitiveHeader($0.key) }
        body = request.body?.source.bytes
        contentType = request.body?.contentType
        timeoutMs = request.timeoutMs
        self.idempotencyKey = idempotencyKey
        enqueuedAt = now
        attempts = 0
        refusals = 0
        lastProblem = nil
    }

    /// Reads an entry; one written before ``refusals`` existed has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        method = try container.decode(String.self, forKey: .method)
        path = try container.decode(String.self, forKey: .path)
        query = try container.decode([QueryItem].self, forKey: .query)
        headers = try container.decode([String: String].self, forKey: .headers)
        body = try container.decodeIfPresent(Data.self, forKey: .body)
        contentType = try container.decodeIfPresent(String.self, forKey: .contentType)
        timeoutMs = try container.decodeIfPresent(Int.self, forKey: .timeoutMs)
        idempotencyKey = try container.decode(String.self, forKey: .idempotencyKey)
        enqueuedAt = try container.decode(Date.self, forKey: .enqueuedAt)
        attempts = try container.decode(Int.self, forKey: .attempts)
        refusals = try container.decodeIfPresent(Int.self, forKey: .refusals) ?? 0
        lastProblem = try container.decodeIfPresent(RonProblem.self, forKey: .lastProblem)
    }

    /// The call to replay (the client adds its credentials and a fresh `x-request-id`).
    public var appRequest: AppRequest {
        AppRequest(
            method: HTTPMethod(rawValue: method), path: path,
            query: query.map { URLQueryItem(name: $0.name, value: $0.value) },
            headers: headers,
            body: body.map { AppRequestBody(data: $0, contentType: contentType ?? "application/octet-stream") },
            timeoutMs: timeoutMs)
    }
}
