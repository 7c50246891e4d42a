import Foundation
import NIOCore
import NIOHTTP1

/// One request handed to a connection's ``ResponseCollector``, with the promise its answer fulfils.
struct OutboundRequest: Sendable {
    /// The request head, `Host` and `Content-Length` included.
    var head: HTTPRequestHead
    /// The body, if any.
    var body: ByteBuffer?
    /// The largest response body to accept.
    var limit: Int
    /// The longest pause allowed while waiting for response bytes.
    var readTimeout: TimeAmount
    /// Fulfilled with the whole response, or failed.
    var promise: EventLoopPromise<CollectedResponse>
}

/// A whole response as collected on the event loop.
struct CollectedResponse: Sendable {
    /// The status code.
    var status: Int
    /// The header fields (names as sent; ``TransportResponse`` lowercases them).
    var headers: [String: String]
    /// The body bytes.
    var body: Data
    /// Whether the connection may carry another request.
    var keepAlive: Bool
}
