import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// What the upload tests share: a client for httpbin, its echo as a JSON object, test files.
enum Upload {
    static func client(_ server: HTTPBinServer) throws -> RonClient {
        try RonClient(
            config: RonConfig(
                baseUrl: server.baseURL, overallTimeoutMs: 60_000, allowInsecureHttp: true,
                middleware: [LargeEchoes()]))
    }

    /// Sends `body` to httpbin's `path` and returns its echo (`form`, `files`, `data`, `json`, `headers`).
    static func echo(
        _ client: RonClient, _ path: String, _ body: AppRequestBody, method: HTTPMethod = .post,
        progress: RonProgressReporter? = nil
    ) async throws -> [String: Any] {
        var request = AppRequest(method: method, path: RonPath.server("") + path, body: body)
        request.uploadProgress = progress
        let response: AppResponse<Data> = await client.request(request)
        try #require(
            response.status == 200, "httpbin answered \(response.status): \(String(describing: response.problem))")
        let object = try JSONSerialization.jsonObject(with: try #require(response.raw)) as? [String: Any]
        return try #require(object)
    }

    /// Whether `URLSessionTransport` sends file and stream bodies chunked here (FoundationNetworking
    /// gives an `InputStream` body no length; see `UploadBody`).
    static var streamsChunked: Bool {
        #if canImport(FoundationNetworking)
            return true
        #else
            return false
        #endif
    }

    /// Checks how a file or stream body of `length` bytes was framed, as httpbin echoed its headers.
    static func expectFraming(_ echo: [String: Any], length: Int64?, sourceLocation: SourceLocation = #_sourceLocation)
    {
        let headers = echo["headers"] as? [String: Any] ?? [:]
        if streamsChunked || length == nil {
            #expect(headers["X-Original-Transfer-Encoding"] as? String == "chunked", sourceLocation: sourceLocation)
            #expect(headers["Content-Length"] == nil, sourceLocation: sourceLocation)
        } else {
            #expect(headers["Content-Length"] as? String == length.map { String($0) }, sourceLocation: sourceLocation)
        }
    }

    /// `count` random bytes.
    static func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        var data = Data(capacity: count + 8)
        while data.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { data.append(contentsOf: $0) }
        }
        return data.prefix(count)
    }

    /// A temporary file holding `data`, removed by the caller.
    static func file(_ data: Data, name: String = "upload.bin") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    /// The bytes of a `data:` URL as httpbin writes binary content.
    static func bytes(ofDataURL text: String?) -> Data? {
        guard let text, let comma = text.firstIndex(of: ","), text.hasPrefix("data:") else { return nil }
        return Data(base64Encoded: String(text[text.index(after: comma)...]))
    }

    /// Async chunks of `data`, `size` bytes each.
    static func chunks(_ data: Data, size: Int = 100_000) -> AsyncStream<Data> {
        let offsets = Array(stride(from: 0, to: data.count, by: size))
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self, bufferingPolicy: .unbounded)
        for offset in offsets { continuation.yield(data.subdata(in: offset..<min(offset + size, data.count))) }
        continuation.finish()
        return stream
    }
}

/// Progress reports, in the order they came.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [RonTransferProgress] = []
    var reporter: RonProgressReporter { RonProgressReporter { [self] in record($0) } }
    private func record(_ value: RonTransferProgress) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
    var reports: [RonTransferProgress] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
