import Foundation

/// A call after the *prepare* stage: everything that goes on the wire, decided once, plus what the
/// later stages need to know about it.
struct PreparedRequest: Sendable {
    /// The call as the user made it.
    let call: AppRequest
    /// The absolute URL (`{base}/app{path}?{query}`).
    let url: URL
    /// When the call's overall budget runs out.
    let deadline: ContinuousClock.Instant
    /// What the middleware and the transport are handed.
    var transport: TransportRequest

    /// The request id the call carries.
    var requestId: String? { transport.headers["x-request-id"] }
    /// The correlation id the call carries.
    var correlationId: String? { transport.headers["x-correlation-id"] }
}

/// How a kind of call differs from a plain call when it is prepared: a subscription has its own idle
/// timeout and size limit.
struct PreparationLimits: Sendable {
    /// The longest idle pause while reading, `nil` for the client's.
    var readTimeoutMs: Int?
    /// The largest body to accept, `nil` for ``RonSDK/maxResponseBytes``.
    var maxResponseBytes: Int?

    /// A plain call.
    static let call = PreparationLimits()
}
