import Foundation
import NIOCore
import NIOHTTP1

/// A fully read request, as the router sees it.
struct GatewayRequest: Sendable {
    var method: HTTPMethod
    /// The path without the query, as sent (not percent-decoded).
    var path: String
    /// The query string without `?`, or `nil`.
    var query: String?
    var headers: HTTPHeaders
    var body: ByteBuffer
    var ids: CorrelationIDs

    init(head: HTTPRequestHead, body: ByteBuffer, ids: CorrelationIDs) {
        self.method = head.method
        let uri = head.uri
        if let mark = uri.firstIndex(of: "?") {
            self.path = String(uri[..<mark])
            self.query = String(uri[uri.index(after: mark)...])
        } else {
            self.path = uri
            self.query = nil
        }
        self.headers = head.headers
        self.body = body
        self.ids = ids
    }

    /// The value of the first query parameter named `name`, percent-decoded.
    func queryValue(_ name: String) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = Self.decode(parts[0])
            guard key == name else { continue }
            return parts.count > 1 ? Self.decode(parts[1]) : ""
        }
        return nil
    }

    /// The body's bytes as `Data`.
    var bodyData: Data {
        Data(body.readableBytesView)
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
