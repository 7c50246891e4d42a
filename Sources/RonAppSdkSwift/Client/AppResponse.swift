import Foundation

/// The outcome of one App Plane call. Request methods never throw: every outcome is one of these.
///
/// - Success: `ok == true`, `data` holds the decoded body, `problem == nil`.
/// - HTTP error: `status` is the HTTP status and `problem` describes it (the gateway's problem body, or one the SDK makes from the status).
/// - No response (timeout, refused, DNS, TLS, reset, truncated, too large, cancelled): `status == 0`,
///   `problem.kind == "transport"`.
/// - A 2xx body that is not a `T`: `ok == false`, `problem.kind == "decode"`, `raw` keeps the bytes.
/// - A request that could not be built: `status == 0`, `problem.kind == "local"`.
public struct AppResponse<T> {
    /// The HTTP status, or 0 when no response arrived.
    public let status: Int
    /// `true` when the status is 2xx and the body decoded (there is no ``problem``).
    public let ok: Bool
    /// Response headers (case-insensitive names; empty when no response arrived).
    public let headers: RonHeaders
    /// The decoded body on success.
    public let data: T?
    /// The raw response body, when a response arrived.
    public let raw: Data?
    /// What went wrong, when something did.
    public let problem: RonProblem?
    /// Wall-clock time of the call in milliseconds.
    public let durationMs: Int
    /// Set when a ``ResponseCache`` answered: from where, and how old the answer is; `nil` when the
    /// answer came from the network.
    public internal(set) var cache: RonCacheInfo?

    /// Creates a response.
    @inline(__always)
    public init(
        status: Int, headers: RonHeaders = [:], data: T? = nil, raw: Data? = nil, problem: RonProblem? = nil,
        durationMs: Int = 0
    ) {
        self.status = status
        self.ok = problem == nil && (200..<300).contains(status)
        self.headers = headers
        self.data = data
        self.raw = raw
        self.problem = problem
        self.durationMs = durationMs
    }

    /// The header value for `name`, matched ignoring case.
    public func header(_ name: String) -> String? {
        headers[name]
    }

    /// The correlation id: the problem's, else the `x-correlation-id` or `x-request-id` response header.
    public var correlationId: String? {
        problem?.correlationId ?? header("x-correlation-id") ?? header("x-request-id")
    }

    /// The decoded body, or the problem thrown as an error.
    ///
    /// - Throws: ``problem`` when there is one, or a `decode_failed` problem when a 2xx came without data.
    public func value() throws(RonProblem) -> T {
        if let problem { throw problem }
        guard let data else {
            throw RonProblem(
                code: "decode_failed", message: "the response carried no value", kind: "decode", status: status,
                retryable: false)
        }
        return data
    }

    /// The same response with the value transformed.
    public func map<U>(_ transform: (T) throws -> U) rethrows -> AppResponse<U> {
        var mapped = AppResponse<U>(
            status: status, headers: headers, data: try data.map(transform), raw: raw, problem: problem,
            durationMs: durationMs)
        mapped.cache = cache
        return mapped
    }
}

extension AppResponse: Sendable where T: Sendable {}
