import Foundation
import Testing

/// The server side of the plugin tests' `status/status.openapi.json` (types named like
/// RonGenerated's own, `Health` and `Item`), the same for each layout of the calls that tests it.
package enum StatusService {
    /// A loopback server that answers the description's two operations.
    package static func server() throws -> LoopbackServer {
        try LoopbackServer { request in
            request.path == "/app/status/health"
                ? .json(200, #"{"gadgets_ok": true}"#) : .json(201, #"{"label": "spare"}"#)
        }
    }

    /// Expects the two calls' requests, in order, with the item sent as JSON.
    package static func expectRequests(_ server: LoopbackServer, sourceLocation: SourceLocation = #_sourceLocation) {
        let sent = (try? JSONSerialization.jsonObject(with: server.requests.last?.body ?? Data())) as? [String: String]
        #expect(sent == ["label": "spare"], sourceLocation: sourceLocation)
        let requests = server.requests.map { "\($0.method) \($0.target)" }
        #expect(requests == ["GET /app/status/health", "POST /app/status/items"], sourceLocation: sourceLocation)
    }
}
