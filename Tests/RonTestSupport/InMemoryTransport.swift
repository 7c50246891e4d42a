import Foundation
import RonAppSdkSwift

/// A ``RonTransport`` that answers from a closure without any socket, and records every request it
/// was handed (after the client and its middleware built it).
package final class InMemoryTransport: RonTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [TransportRequest] = []
    private let answer: @Sendable (TransportRequest) async throws -> TransportResponse

    /// A transport whose answers come from `answer`; throw a `TransportFailure` to act as a network error.
    package init(answer: @escaping @Sendable (TransportRequest) async throws -> TransportResponse) {
        self.answer = answer
    }

    /// A transport that answers every request with `status` and the JSON `body`.
    package convenience init(status: Int = 200, json body: String) {
        self.init { _ in
            TransportResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
    }

    /// The requests sent so far, in order.
    package var requests: [TransportRequest] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Records `request` and answers it.
    package func send(_ request: TransportRequest) async throws -> TransportResponse {
        lock.withLock { received.append(request) }
        return try await answer(request)
    }
}
