import Foundation

/// What a ``ChaosServer`` does with a connection. The raw value is the last path segment that
/// selects it: `/app/chaos/<raw value>`.
enum ChaosMode: String, CaseIterable, Sendable {
    /// 200 with a small JSON body at once.
    case ok
    /// 200 with a small JSON body after 300 ms.
    case slow
    /// 503 with a JSON problem body.
    case problem
    /// Promises 1 000 bytes, sends 100, then resets the connection (`SO_LINGER` 0 + close).
    case resetMidBody
    /// Promises 100 bytes by `Content-Length`, sends 10, then closes cleanly.
    case truncatedLength
    /// Sends the status line and headers one byte every 100 ms, never finishing in time.
    case slowHeaders
    /// Sends the headers, then the body one byte every 100 ms (each pause shorter than the read
    /// timeout, the whole longer than the overall timeout).
    case slowBody
    /// Sends the headers and 10 of 100 body bytes, then goes silent past the read timeout.
    case stallBody
    /// Answers with a status line that is not HTTP.
    case garbageStatus
    /// 200 with a `Content-Length` body of 1 MiB + 1 byte.
    case tooLargeLength
    /// 200 with a chunked body of 1 MiB + 1 byte.
    case tooLargeChunked
    /// 200 `application/json` whose body is not valid UTF-8.
    case invalidUTF8
    /// 502 with an HTML error page.
    case htmlError
    /// 200 `text/plain` for a call that expects JSON.
    case textPlain200
    /// 200 `application/json` with an empty body.
    case empty200
    /// A chunked body that stops without its last chunk (the connection just ends).
    case streamDrop
    /// Reads the request and never answers.
    case neverAnswer
    /// Reads the request, then closes without a byte of answer.
    case closeAfterRequest
    /// Closes as soon as the connection is accepted, before reading anything (use with `onAccept`).
    case immediateClose
    /// 200 with a JSON echo of the request: method, target and headers (as echo services do).
    case echo
    /// 401 with a JSON problem whose message repeats the request's `Authorization` value.
    case echoProblem
    /// Any unknown path: 404 JSON problem.
    case notFound

    /// The JSON body of the `ok` and `slow` answers.
    static let okBody = #"{"message":"ok"}"#

    /// Plays the mode on the connection; tells whether the client hung up while the server waited.
    func run(on connection: ChaosConnection, request: ChaosRequest?) -> ChaosConnection.WaitEnd {
        switch self {
        case .ok:
            respond(connection, status: "200 OK", type: "application/json", body: Data(Self.okBody.utf8))
        case .slow:
            if connection.wait(ms: 300) == .peerClosed { return .peerClosed }
            respond(connection, status: "200 OK", type: "application/json", body: Data(Self.okBody.utf8))
        case .problem:
            let body = #"{"code":"too_busy","message":"Server busy","retryable":true,"retry_after_ms":250}"#
            respond(connection, status: "503 Service Unavailable", type: "application/json", body: Data(body.utf8))
        case .notFound:
            let body = #"{"code":"not_found","message":"no such chaos mode","retryable":false}"#
            respond(connection, status: "404 Not Found", type: "application/json", body: Data(body.utf8))
        case .resetMidBody:
            connection.write(head("200 OK", type: "application/json", length: 1_000))
            connection.write(Data(repeating: UInt8(ascii: " "), count: 100))
            _ = connection.wait(ms: 50)
            connection.reset()
        case .truncatedLength:
            connection.write(head("200 OK", type: "application/json", length: 100))
            connection.write(#"{"message""#)
            connection.endOutput()
        case .slowHeaders:
            let text =
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Pad: " + String(repeating: "p", count: 600)
            return connection.trickle(Data(text.utf8), intervalMs: 100)
        case .slowBody:
            connection.write(head("200 OK", type: "application/json", length: 600))
            return connection.trickle(Data(repeating: UInt8(ascii: " "), count: 600), intervalMs: 100)
        case .stallBody:
            connection.write(head("200 OK", type: "application/json", length: 100))
            connection.write(#"{"message""#)
            return connection.hold()
        case .garbageStatus:
            connection.write("GARBAGE \u{1}\u{2} NOT HTTP\r\nfoo\r\n\r\n")
            connection.endOutput()
        case .tooLargeLength:
            respond(
                connection, status: "200 OK", type: "application/octet-stream",
                body: Data(repeating: UInt8(ascii: "a"), count: 1_048_577))
        case .tooLargeChunked:
            connection.write(chunkedHead("200 OK", type: "application/octet-stream"))
            var remaining = 1_048_577
            while remaining > 0 {
                let size = min(remaining, 65_536)
                var chunk = Data((String(size, radix: 16) + "\r\n").utf8)
                chunk.append(Data(repeating: UInt8(ascii: "a"), count: size))
                chunk.append(Data("\r\n".utf8))
                if !connection.write(chunk) { return .peerClosed }
                remaining -= size
            }
            connection.write("0\r\n\r\n")
            connection.endOutput()
        case .invalidUTF8:
            var body = Data(#"{"message":""#.utf8)
            body.append(contentsOf: [0xFF, 0xFE, 0xC3, 0x28])
            body.append(Data(#""}"#.utf8))
            respond(connection, status: "200 OK", type: "application/json", body: body)
        case .htmlError:
            let page =
                "<!doctype html><html><head><title>502 Bad Gateway</title></head><body>upstream down</body></html>"
            respond(connection, status: "502 Bad Gateway", type: "text/html; charset=utf-8", body: Data(page.utf8))
        case .textPlain200:
            respond(connection, status: "200 OK", type: "text/plain", body: Data("hello, not json".utf8))
        case .empty200:
            respond(connection, status: "200 OK", type: "application/json", body: Data())
        case .streamDrop:
            connection.write(chunkedHead("200 OK", type: "application/json"))
            connection.write("5\r\n{\"mes\r\n")
            _ = connection.wait(ms: 50)
            connection.write("4\r\nsage\r\n")
            connection.endOutput()
        case .neverAnswer:
            return connection.hold()
        case .closeAfterRequest:
            connection.endOutput()
        case .immediateClose:
            break
        case .echo:
            let echo: [String: Any] = [
                "method": request?.method ?? "", "target": request?.target ?? "", "headers": request?.headers ?? [:],
            ]
            let body = (try? JSONSerialization.data(withJSONObject: echo, options: [.sortedKeys])) ?? Data()
            respond(connection, status: "200 OK", type: "application/json", body: body)
        case .echoProblem:
            let problem: [String: Any] = [
                "code": "unauthorized", "message": "token rejected: \(request?.headers["authorization"] ?? "")",
                "retryable": false,
            ]
            let body = (try? JSONSerialization.data(withJSONObject: problem, options: [.sortedKeys])) ?? Data()
            respond(connection, status: "401 Unauthorized", type: "application/json", body: body)
        }
        return .elapsed
    }

    private func head(_ status: String, type: String, length: Int) -> String {
        "HTTP/1.1 \(status)\r\nConnection: close\r\nContent-Type: \(type)\r\nContent-Length: \(length)\r\n\r\n"
    }

    private func chunkedHead(_ status: String, type: String) -> String {
        "HTTP/1.1 \(status)\r\nConnection: close\r\nContent-Type: \(type)\r\nTransfer-Encoding: chunked\r\n\r\n"
    }

    private func respond(_ connection: ChaosConnection, status: String, type: String, body: Data) {
        if connection.write(head(status, type: type, length: body.count)), connection.write(body) {
            connection.endOutput()
        }
    }
}
