import Foundation

/// The one outcome a chaos mode must end in.
struct ChaosExpectation: Sendable, CustomStringConvertible {
    let mode: ChaosMode
    let code: String
    let kind: String
    let status: Int
    /// The server holds the connection until the client gives up, so the client must hang up.
    let clientMustHangUp: Bool

    var description: String { "\(mode.rawValue) → \(code)" }

    init(_ mode: ChaosMode, _ code: String, kind: String = "transport", status: Int = 0, hangUp: Bool = false) {
        self.mode = mode
        self.code = code
        self.kind = kind
        self.status = status
        clientMustHangUp = hangUp
    }

    /// Every fault and its mapped problem.
    static let all: [ChaosExpectation] = [
        ChaosExpectation(.resetMidBody, "connection_reset"),
        ChaosExpectation(.truncatedLength, "truncated_body"),
        ChaosExpectation(.slowHeaders, "local_timeout", hangUp: true),
        ChaosExpectation(.slowBody, "local_timeout", hangUp: true),
        ChaosExpectation(.stallBody, "local_timeout", hangUp: true),
        ChaosExpectation(.garbageStatus, "truncated_body"),
        ChaosExpectation(.tooLargeLength, "response_too_large"),
        ChaosExpectation(.tooLargeChunked, "response_too_large"),
        ChaosExpectation(.invalidUTF8, "decode_failed", kind: "decode", status: 200),
        ChaosExpectation(.htmlError, "http_502", status: 502),
        ChaosExpectation(.textPlain200, "decode_failed", kind: "decode", status: 200),
        ChaosExpectation(.empty200, "decode_failed", kind: "decode", status: 200),
        ChaosExpectation(.streamDrop, "truncated_body"),
        ChaosExpectation(.neverAnswer, "local_timeout", hangUp: true),
        ChaosExpectation(.closeAfterRequest, "connection_reset"),
        ChaosExpectation(.immediateClose, "connection_reset"),
    ]
}
