import Foundation

/// What a ``RonTransport`` got back: any HTTP status, the headers and the whole body.
public struct TransportResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields (case-insensitive names, possibly repeated).
    public var headers: RonHeaders
    /// The body bytes (empty when there was none).
    public var body: Data
    /// The content codings (lowercased `Content-Encoding` tokens) the transport decoded before
    /// ``body``: the client refuses a body coded any other way with `undecoded_content_coding`
    /// instead of handing coded bytes over as content. A transport that decodes nothing leaves it
    /// empty (and should send `Accept-Encoding: identity`).
    public var decodedContentCodings: Set<String> = []

    /// The problem this (non-2xx) response maps to, worked out once by the pipeline's *execute*
    /// stage so that middleware (retry) and *make the response* share it. `nil` until then, and for a
    /// response a middleware made itself.
    var mappedProblem: RonProblem?

    /// Set when a ``ResponseCache`` answered: from where, and how old the answer is.
    public var cacheInfo: RonCacheInfo?

    /// Creates a response.
    public init(status: Int, headers: RonHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a response whose body the transport decoded from `decodedContentCodings`.
    public init(status: Int, headers: RonHeaders, body: Data, decodedContentCodings: Set<String>) {
        self.init(status: status, headers: headers, body: body)
        self.decodedContentCodings = decodedContentCodings
    }
}
