import Foundation

/// What a ``RonTransport`` got back: any HTTP status, the headers and the whole body.
public struct TransportResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields with lowercased names.
    public var headers: [String: String]
    /// The body bytes (empty when there was none).
    public var body: Data

    /// Creates a response; header names are lowercased.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        var lowered: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            if let existing = lowered[key] {
                lowered[key] = existing + ", " + value
            } else {
                lowered[key] = value
            }
        }
        self.headers = lowered
        self.body = body
    }
}
