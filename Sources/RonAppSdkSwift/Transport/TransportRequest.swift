import Foundation

/// A fully built HTTP request handed to a ``RonTransport``.
public struct TransportRequest: Sendable, Hashable {
    /// The HTTP method, for example `GET`.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields.
    public var headers: RonHeaders
    /// The body, if any: its bytes in memory, a file or a stream (see ``RonBodySource``). A
    /// transport sends a file or a stream as it reads it, and reports its progress to
    /// ``uploadProgress``.
    public var bodySource: RonBodySource?
    /// The body's bytes when it is held in memory; `nil` for no body and for a file or stream body
    /// (read ``bodySource``). Setting it replaces ``bodySource``.
    public var body: Data? {
        get { bodySource?.bytes }
        set { bodySource = newValue.map { .data($0) } }
    }
    /// Where the transport reports how much of the body it sent (`nil`: nowhere).
    public var uploadProgress: RonProgressReporter? {
        get { progressSlot.reporter }
        set { progressSlot.reporter = newValue }
    }
    /// Kept out of equality and hashing: a reporter is a closure.
    var progressSlot = ProgressSlot()
    /// Overall budget for this call in milliseconds.
    public var timeoutMs: Int
    /// Connect budget in milliseconds.
    public var connectTimeoutMs: Int
    /// Longest idle pause while reading the response, in milliseconds.
    public var readTimeoutMs: Int
    /// Longest idle pause while sending the body, in milliseconds.
    public var writeTimeoutMs: Int
    /// The largest response body to accept; larger ones must fail with
    /// ``TransportFailure/Cause/responseTooLarge``.
    public var maxResponseBytes: Int
    /// The most redirects to follow; one more fails with ``TransportFailure/Cause/tooManyRedirects``.
    public var maxRedirects: Int
    /// Whether the call may be sent more than once (`nil`: decided by its method, see
    /// ``RetryPolicy/isSafeToRetry(_:)``).
    public var idempotent: Bool?
    /// The call's own ``RonCachePolicy`` (``AppRequest/cache(_:)``), read by a ``ResponseCache``.
    public var cachePolicy: RonCachePolicy?
    /// The credentials the call's security attached (not part of equality).
    var credentials = CredentialSlot()

    /// Creates a request.
    public init(
        method: String, url: URL, headers: RonHeaders = [:], body: Data? = nil,
        timeoutMs: Int = RonConfig.Defaults.overallTimeoutMs,
        connectTimeoutMs: Int = RonConfig.Defaults.connectTimeoutMs,
        readTimeoutMs: Int = RonConfig.Defaults.readTimeoutMs,
        writeTimeoutMs: Int = RonConfig.Defaults.writeTimeoutMs,
        maxResponseBytes: Int = RonSDK.maxResponseBytes,
        maxRedirects: Int = RonConfig.Defaults.maxRedirects,
        idempotent: Bool? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.bodySource = body.map { .data($0) }
        self.timeoutMs = timeoutMs
        self.connectTimeoutMs = connectTimeoutMs
        self.readTimeoutMs = readTimeoutMs
        self.writeTimeoutMs = writeTimeoutMs
        self.maxResponseBytes = maxResponseBytes
        self.maxRedirects = maxRedirects
        self.idempotent = idempotent
    }
}

/// What a call's security attached, carried beside its request for redaction and for the
/// redirect rule: the secret values and the header names that carry them. All slots are equal.
struct CredentialSlot: Sendable, Hashable {
    var secrets: [String] = []
    var headerNames: Set<String> = []
    static func == (lhs: CredentialSlot, rhs: CredentialSlot) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// A progress reporter carried by a value that is `Hashable`: all slots are equal.
struct ProgressSlot: Sendable, Hashable {
    var reporter: RonProgressReporter?
    static func == (lhs: ProgressSlot, rhs: ProgressSlot) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
