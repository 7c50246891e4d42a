import Foundation
import RonTestSupport
import Testing

@testable import RonAppSdkSwift

/// A download takes a transport's direct body (parts written on the transport's thread) only while
/// the stream's body is the one the transport made: a transport that wraps another and replaces the
/// body gets its own bytes into the file, not the inner transport's.
@Suite struct DirectBodyTests {
    /// Hands over fixed parts through `drain`, different from what the stream's body yields.
    struct FixedDirectBody: DirectBodySource {
        let parts: [Data]

        func drain(_ write: @escaping @Sendable (Data) throws -> Void) async throws {
            for part in parts { try write(part) }
        }
    }

    /// Answers every download with a stream whose body says "stream" and whose direct body says "direct".
    struct DirectTransport: RonTransport, RonStreamingTransport {
        func send(_ request: TransportRequest) async throws -> TransportResponse {
            TransportResponse(status: 500, headers: [:], body: Data())
        }

        func stream(_ request: TransportRequest) async throws -> TransportStream {
            var stream = TransportStream(
                status: 200, headers: ["Content-Length": "12"],
                body: AsyncThrowingStream { continuation in
                    continuation.yield(Data("stream-bytes".utf8))
                    continuation.finish()
                })
            stream.directBody = FixedDirectBody(parts: [Data("direct".utf8), Data("-bytes".utf8)])
            return stream
        }
    }

    /// A custom transport around another that changes the body (upper-cases it) as users write them.
    struct UppercasingTransport: RonTransport, RonStreamingTransport {
        let inner: DirectTransport

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            try await inner.send(request)
        }

        func stream(_ request: TransportRequest) async throws -> TransportStream {
            var stream = try await inner.stream(request)
            let original = stream.body
            stream.body = AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await chunk in original {
                            continuation.yield(Data(String(decoding: chunk, as: UTF8.self).uppercased().utf8))
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
            return stream
        }
    }

    static func download(with transport: some RonTransport & RonStreamingTransport) async throws -> String {
        let client = try makeClient(base: URL(string: "http://127.0.0.1:9")!) { $0.transport = transport }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-direct-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await client.download(AppRequest(path: "/file"), to: folder.appendingPathComponent("file"))
        #expect(result.bytes == 12)
        return try String(decoding: Data(contentsOf: result.destination), as: UTF8.self)
    }

    @Test func replacingTheBodyClearsTheDirectBodyAndChangingTheHeadKeepsIt() {
        var stream = TransportStream(status: 200, headers: [:], body: AsyncThrowingStream { $0.finish() })
        stream.directBody = FixedDirectBody(parts: [])
        stream.status = 206
        stream.headers = ["Content-Range": "bytes 0-0/1"]
        stream.decodedContentCodings = ["gzip"]
        #expect(stream.directBody != nil, "a change of the head dropped the direct body")
        stream.body = AsyncThrowingStream { $0.finish() }
        #expect(stream.directBody == nil, "the direct body outlived the body it stood for")
    }

    @Test func aDownloadWritesTheTransportsDirectBody() async throws {
        #expect(try await Self.download(with: DirectTransport()) == "direct-bytes")
    }

    @Test func aDownloadThroughATransportThatReplacedTheBodyWritesThatBody() async throws {
        #expect(try await Self.download(with: UppercasingTransport(inner: DirectTransport())) == "STREAM-BYTES")
    }
}
