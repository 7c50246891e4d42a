import Foundation

/// A request as the mock read it.
public struct MockRequest: Sendable {
    /// The method, as sent (`GET`).
    public var method: String
    /// The request target: path and query, percent-encoded as sent.
    public var target: String
    /// The header fields in the order sent.
    public var headers: [(name: String, value: String)]
    /// The body (chunked bodies already joined).
    public var body: Data
    /// The protocol version (`HTTP/1.1`).
    public var version: String

    /// A request; `version` defaults to HTTP/1.1.
    public init(
        method: String, target: String, headers: [(name: String, value: String)] = [], body: Data = Data(),
        version: String = "HTTP/1.1"
    ) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.version = version
    }

    /// The value of the header `name` (any case); repeated fields joined with `, `.
    public func header(_ name: String) -> String? {
        let values = headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// The path of the target, without its query (still percent-encoded).
    public var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }

    /// The query items of the target, decoded (`+` is a space).
    var queryItems: [(name: String, value: String)] {
        guard let mark = target.firstIndex(of: "?") else { return [] }
        return target[target.index(after: mark)...].split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// Whether the connection stays open after the answer (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    var keepsAlive: Bool {
        let connection = header("connection")?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }
}

/// An answer of the mock.
public struct MockResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields (`Content-Length` is added when it is written).
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Data
    /// How the answer travels: sent, or (a fault asked for) not at all.
    public var delivery: Delivery = .send
    /// How long the server waits before it delivers the answer, in milliseconds (a latency asked
    /// for).
    public var delayMilliseconds = 0

    /// How an answer travels.
    public enum Delivery: Sendable, Hashable {
        /// Written to the client.
        case send
        /// Not written: the connection is reset (TCP RST).
        case reset
        /// Not written: the connection is held until the client gives up (or a bound passes).
        case stall
    }

    /// An answer.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the header `name` (any case), or `nil`.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The answer as a log line shows it: the status (or `reset`, `stall`) and, in parentheses,
    /// what the body came from (`X-Ron-Mock-Source`), the fault asked for (`X-Ron-Mock-Fault`) and
    /// the delay: `503 (generated; fault 503: 0.2 of all; 212 ms late)`. A proxied answer says where
    /// it went and each divergence: `418 (proxied to http://127.0.0.1:8888/status/418; 1 problem:
    /// answer status: 418 is not documented (documented: 200))`.
    public var logDescription: String {
        let outcome =
            switch delivery {
            case .send: "\(status)"
            case .reset: "reset"
            case .stall: "stall"
            }
        var notes = [header("X-Ron-Mock-Source"), header("X-Ron-Mock-Fault").map { "fault \($0)" }].compactMap { $0 }
        // Proxy mode (MockProxy+Answer.swift): where it went, and each divergence from the description.
        if let source = notes.first, source.hasPrefix("proxy http") {
            notes[0] = "proxied to " + (source.dropFirst(6).removingPercentEncoding ?? String(source.dropFirst(6)))
        }
        let problems = headers.filter { $0.name == "X-Ron-Mock-Proxy-Problem" }.map {
            $0.value.removingPercentEncoding ?? $0.value
        }
        if !problems.isEmpty {
            let count = Int(header("X-Ron-Mock-Proxy-Problems") ?? "") ?? problems.count
            let more = count > problems.count ? "; and \(count - problems.count) more" : ""
            notes.insert(
                "\(count) problem\(count == 1 ? "" : "s"): " + problems.joined(separator: "; ") + more,
                at: min(1, notes.count))
        }
        if delayMilliseconds > 0 { notes.append("\(delayMilliseconds) ms late") }
        return notes.isEmpty ? outcome : "\(outcome) (\(notes.joined(separator: "; ")))"
    }
}

/// The App Plane's problem envelope (`RonProblem` of Schema/envelopes.schema.json) for the mock's
/// own answers: `code`, `message`, `retryable`, `kind`, and in `details` what it found.
enum MockProblem {
    /// One thing wrong with a request: where (`query parameter 'limit'`, `body at /color`), and what.
    struct Finding {
        var location: String
        var message: String
    }

    static func response(
        status: Int, code: String, message: String, kind: String = "validation", findings: [Finding] = [],
        retryable: Bool = false, headers: [(name: String, value: String)] = []
    ) -> MockResponse {
        var envelope: [String: Any] = ["code": code, "message": message, "retryable": retryable, "kind": kind]
        if !findings.isEmpty {
            envelope["details"] = [
                "problems": findings.map { ["location": $0.location, "message": $0.message] }
            ]
        }
        let body =
            (try? JSONSerialization.data(
                withJSONObject: envelope, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return MockResponse(
            status: status,
            headers: [("Content-Type", "application/json")] + headers + [("X-Ron-Mock-Problem", headerText(message))],
            body: body)
    }

    /// `text` as a header value: printable ASCII as it is, anything else (and `%`) percent-encoded
    /// as UTF-8, at most 4096 characters.
    static func headerText(_ text: String) -> String {
        var encoded: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if (0x20..<0x7F).contains(byte), byte != UInt8(ascii: "%") {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
            if encoded.count >= 4096 { return String(decoding: encoded, as: UTF8.self) + "..." }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// The envelope's `code` of an answer with `status` the mock makes up (`not_found`,
    /// `rate_limited`, ...; `status_418` for one without a name).
    static func code(for status: Int) -> String {
        switch status {
        case 400: "bad_request"
        case 401: "unauthenticated"
        case 403: "forbidden"
        case 404: "not_found"
        case 408: "timeout"
        case 409: "conflict"
        case 422: "unprocessable"
        case 429: "rate_limited"
        case 500: "internal"
        case 502: "bad_gateway"
        case 503: "unavailable"
        case 504: "gateway_timeout"
        default: "status_\(status)"
        }
    }

    /// Whether a client may try an answer with `status` again (`retryable` of the envelope).
    static func retryable(_ status: Int) -> Bool { [408, 429, 502, 503, 504].contains(status) }

    /// The 400 answer to a request that does not fit the schema: every finding, in one message too.
    static func invalid(_ findings: [Finding], operationId: String) -> MockResponse {
        let message = findings.map { "\($0.location): \($0.message)" }.joined(separator: "; ")
        return response(
            status: 400, code: "invalid_request", message: "\(operationId): \(message)", findings: findings)
    }
}
