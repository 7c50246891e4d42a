// Stand-in for the generated RonGenerated types; delete once RonGenerated builds them.
import Foundation

/// Stand-in for the generated problem envelope.
public struct RonProblem: Codable, Hashable, Sendable, Error {
    /// Stable machine code.
    public var code: String
    /// Human message.
    public var message: String
    /// Category.
    public var kind: String?
    /// HTTP status.
    public var status: Int
    /// Correlation id.
    public var correlationId: String?
    /// Retry hint.
    public var retryable: Bool?
    /// Retry delay.
    public var retryAfterMs: Int?
    /// Reason.
    public var reason: String?
    /// Details.
    public var details: [String: JSONValue]?

    /// Memberwise initializer.
    public init(
        code: String, message: String, kind: String? = nil, status: Int = 0, correlationId: String? = nil,
        retryable: Bool? = nil, retryAfterMs: Int? = nil, reason: String? = nil, details: [String: JSONValue]? = nil
    ) {
        self.code = code
        self.message = message
        self.kind = kind
        self.status = status
        self.correlationId = correlationId
        self.retryable = retryable
        self.retryAfterMs = retryAfterMs
        self.reason = reason
        self.details = details
    }

    private enum CodingKeys: String, CodingKey {
        case code, message, kind, status, reason, details, retryable
        case correlationId = "correlation_id"
        case retryAfterMs = "retry_after_ms"
    }
}

/// Stand-in for the generated page envelope.
public struct Page<Item: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// Items.
    public var items: [Item]
    /// Next token.
    public var nextPageToken: String?
    /// Memberwise initializer.
    public init(items: [Item], nextPageToken: String? = nil) {
        self.items = items
        self.nextPageToken = nextPageToken
    }

    private enum CodingKeys: String, CodingKey {
        case items
        case nextPageToken = "next_page_token"
    }
}
