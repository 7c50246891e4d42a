import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// httpbin's `/gzip`, `/deflate` and `/brotli` always answer coded, whatever `Accept-Encoding` says.
/// `URLSession` (FoundationNetworking's libcurl on Linux, the system on Apple platforms) decodes all
/// three, for whole bodies, streamed bodies and downloads alike; a body the transport did not
/// decode is refused, not handed over, whole or streamed.
@Suite struct HTTPBinContentCodingTests {
    struct Echo: Decodable {
        var gzipped: Bool?
        var deflated: Bool?
        var brotli: Bool?
        var headers: [String: String]
    }

    static let codings = [("/gzip", "gzip"), ("/deflate", "deflate"), ("/brotli", "br")]

    @Test(arguments: codings)
    func aCodedBodyArrivesDecoded(path: String, coding: String) async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        let request = AppRequest(method: .get, path: RonPath.server("") + path)
        let whole: AppResponse<Echo> = await client.request(request)
        #expect(whole.headers["content-encoding"] == coding)
        let echo = try whole.value()
        #expect(echo.gzipped == true || echo.deflated == true || echo.brotli == true)
        let streamed = try await client.stream(request)
        #expect(streamed.expectedBytes == nil)
        let body = try await streamed.body.collect(upTo: 1 << 20)
        #expect(try JSONDecoder().decode(Echo.self, from: body).headers["Host"] != nil)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ron-coded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let downloaded = try await client.download(request, to: file)
        #expect(downloaded.bytes == Int64(try Data(contentsOf: file).count))
        #expect(
            try JSONDecoder().decode(Echo.self, from: Data(contentsOf: file)).headers["Accept-Encoding"] == "identity")
    }

    /// A transport that passes bodies on as they came (as `AsyncHTTPClientTransport` does) and
    /// says so: the coded body is refused, unless the caller asked for coded bytes.
    @Test func aBodyTheTransportDidNotDecodeIsRefused() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let raw = RawStreamingTransport()
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true, transport: raw))
        let request = AppRequest(method: .get, path: RonPath.server("") + "/brotli")
        do {
            _ = try await client.stream(request)
            Issue.record("a brotli body was handed over undecoded")
        } catch {
            #expect(error.code == "undecoded_content_coding")
            #expect(error.details?["content_encoding"] == .string("br"))
        }
        // A whole body: the same rule.
        let whole: AppResponse<Data> = await client.request(request)
        #expect(whole.problem?.code == "undecoded_content_coding")
        #expect(throws: RonProblem.self) { try whole.value() }
        var asked = request
        asked.headers["Accept-Encoding"] = "br"
        let coded = try await client.stream(asked)
        #expect(coded.headers["content-encoding"] == "br")
        #expect(try await !coded.body.collect(upTo: 1 << 20).isEmpty)
        let codedWhole: AppResponse<Data> = await client.request(asked)
        #expect(codedWhole.status == 200 && codedWhole.problem == nil)
        #expect(codedWhole.raw?.isEmpty == false)
    }
}

/// Calls with `URLSession` but declares that it decodes nothing.
struct RawStreamingTransport: RonTransport, RonStreamingTransport {
    let inner = URLSessionStreamingTransport()
    let whole = URLSessionTransport()

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        var response = try await whole.send(request)
        response.decodedContentCodings = []
        return response
    }

    func stream(_ request: TransportRequest) async throws -> TransportStream {
        var stream = try await inner.stream(request)
        stream.decodedContentCodings = []
        return stream
    }
}
