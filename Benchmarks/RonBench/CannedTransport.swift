import Foundation
import RonAppSdkSwift

/// A ``RonTransport`` that answers every request at once with the same response: with it, a
/// call's time is the client's own work (building, headers, deadline, decoding), no network.
struct CannedTransport: RonTransport {
    let response: TransportResponse

    /// It answers at once, so the client may start its calls on the caller's thread.
    var neverBlocks: Bool { true }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        response
    }
}
