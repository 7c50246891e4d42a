import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One HTTP/1.1 connection of the mock: reads requests one after another (keep-alive unless the
/// client or HTTP/1.0 says otherwise), bodies by `Content-Length` or chunked, within a body limit,
/// and writes each answer with a `Content-Length`.
struct MockHTTPConnection {
    /// Why a request could not be read: answered with this status and then the connection closes.
    struct ReadFailure: Error {
        var status: Int
        var code: String
        var message: String
        /// The request as far as it was read (its head) when its body failed, for the answer its
        /// operation documents.
        var request: MockRequest?
    }

    let fd: Int32
    let maxBodyBytes: Int
    private var buffer = Data()
    private static let maxHeadBytes = 64 * 1024

    init(fd: Int32, maxBodyBytes: Int) {
        self.fd = fd
        self.maxBodyBytes = maxBodyBytes
    }

    /// The next request, `nil` when the client closed the connection between requests.
    mutating func nextRequest() throws(ReadFailure) -> MockRequest? {
        guard let head = try readHead() else { return nil }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), !parts[0].isEmpty, parts[1].hasPrefix("/") else {
            throw ReadFailure(status: 400, code: "bad_request", message: "not an HTTP/1.1 request line: '\(lines[0])'")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else {
                throw ReadFailure(status: 400, code: "bad_request", message: "a header line without ':': '\(line)'")
            }
            headers.append(
                (
                    String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                    String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                ))
        }
        var request = MockRequest(
            method: String(parts[0]), target: String(parts[1]), headers: headers, body: Data(),
            version: String(parts[2]))
        let chunked = request.header("transfer-encoding")?.lowercased().contains("chunked") == true
        let length = request.header("content-length")
        // A client that sent `Expect: 100-continue` waits for this before it sends the body (a body
        // over the limit is refused below instead).
        let sized = length.flatMap { Int($0) }.map { 0 < $0 && $0 <= maxBodyBytes } ?? false
        if request.header("expect")?.lowercased() == "100-continue", chunked || sized {
            _ = sendAll(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        do throws(ReadFailure) {
            if chunked {
                request.body = try readChunkedBody()
            } else if let length {
                guard let count = Int(length), count >= 0 else {
                    throw ReadFailure(
                        status: 400, code: "bad_request", message: "Content-Length '\(length)' is not a number")
                }
                guard count <= maxBodyBytes else { throw tooLarge() }
                request.body = try readExactly(count)
            }
        } catch {
            var failure = error
            failure.request = request
            throw failure
        }
        return request
    }

    /// Writes `response` (with `Content-Length`, and `Connection: close` when `closing`); `false`
    /// when the client is gone.
    func write(_ response: MockResponse, closing: Bool, headOnly: Bool) -> Bool {
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\n"
        if closing { head += "Connection: close\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        if !headOnly { bytes.append(response.body) }
        return sendAll(bytes)
    }

    /// Writes all of `bytes`; `false` when the client is gone.
    private func sendAll(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, Self.sendFlags)
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    // MARK: Reading

    private func tooLarge() -> ReadFailure {
        ReadFailure(
            status: 413, code: "payload_too_large",
            message:
                "the request body is larger than \(maxBodyBytes) bytes, the mock's limit: start it with --max-body <bytes> to accept more"
        )
    }

    /// Reads until the blank line that ends the head; `nil` on a clean close before any byte.
    private mutating func readHead() throws(ReadFailure) -> Data? {
        let end = Data("\r\n\r\n".utf8)
        while true {
            if let range = buffer.range(of: end) {
                let head = buffer[buffer.startIndex..<range.lowerBound]
                buffer = Data(buffer[range.upperBound...])
                return Data(head)
            }
            guard buffer.count <= Self.maxHeadBytes else {
                throw ReadFailure(
                    status: 431, code: "headers_too_large",
                    message: "the request head is larger than \(Self.maxHeadBytes) bytes")
            }
            guard fill() else {
                if buffer.isEmpty { return nil }
                throw ReadFailure(status: 400, code: "bad_request", message: "the connection ended inside the head")
            }
        }
    }

    private mutating func readLine() throws(ReadFailure) -> String {
        let end = Data("\r\n".utf8)
        while true {
            if let range = buffer.range(of: end) {
                let line = String(decoding: buffer[buffer.startIndex..<range.lowerBound], as: UTF8.self)
                buffer = Data(buffer[range.upperBound...])
                return line
            }
            guard buffer.count <= Self.maxHeadBytes, fill() else {
                throw ReadFailure(status: 400, code: "bad_request", message: "the chunked body ended early")
            }
        }
    }

    private mutating func readExactly(_ count: Int) throws(ReadFailure) -> Data {
        while buffer.count < count {
            guard fill() else {
                throw ReadFailure(
                    status: 400, code: "bad_request",
                    message: "the body ended after \(buffer.count) of \(count) bytes (Content-Length)")
            }
        }
        let body = Data(buffer.prefix(count))
        buffer = Data(buffer.dropFirst(count))
        return body
    }

    private mutating func readChunkedBody() throws(ReadFailure) -> Data {
        var body = Data()
        while true {
            let sizeText = try readLine().split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw ReadFailure(status: 400, code: "bad_request", message: "'\(sizeText)' is not a chunk size")
            }
            if size == 0 {
                // Trailer fields, if any, up to the blank line.
                while try !readLine().isEmpty {}
                return body
            }
            guard body.count + size <= maxBodyBytes else { throw tooLarge() }
            body.append(try readExactly(size))
            guard try readLine().isEmpty else {
                throw ReadFailure(status: 400, code: "bad_request", message: "a chunk is longer than its size")
            }
        }
    }

    /// Reads what the socket has into the buffer; `false` at the end of the stream or on an error
    /// (the receive timeout included).
    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    #if canImport(Glibc)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let sendFlags: Int32 = 0
    #endif

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
