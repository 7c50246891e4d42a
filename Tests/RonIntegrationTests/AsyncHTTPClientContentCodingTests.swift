#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import RonAppSdkSwift
    import RonTestSupport
    import Testing

    /// The rule for content codings on `AsyncHTTPClientTransport`, against httpbin (whose `/gzip`,
    /// `/deflate` and `/brotli` answer coded whatever was asked): without decompression the transport
    /// asks for `identity` and a coded body is refused, whole or streamed; with the client's
    /// decompression on, gzip and deflate arrive decoded and brotli is still refused.
    @Suite struct AsyncHTTPClientContentCodingTests {
        struct Echo: Decodable {
            var headers: [String: String]
        }

        private static func withClient(
            _ base: URL, decompression: Bool, _ body: (RonClient) async throws -> Void
        ) async throws {
            var configuration = HTTPClient.Configuration()
            if decompression { configuration.decompression = .enabled(limit: .ratio(50)) }
            let transport = AsyncHTTPClientTransport(configuration: configuration)
            let client = try RonClient(
                config: RonConfig(baseUrl: base, allowInsecureHttp: true, transport: transport))
            do {
                try await body(client)
            } catch {
                try await transport.shutdown()
                throw error
            }
            try await transport.shutdown()
        }

        private static func get(_ path: String) -> AppRequest {
            AppRequest(method: .get, path: RonPath.server("") + path)
        }

        @Test(arguments: ["/gzip", "/deflate", "/brotli"])
        func withoutDecompressionACodedBodyIsRefusedWholeOrStreamed(path: String) async throws {
            let server = try await HTTPBinServer.start()
            defer { server.stop() }
            try await Self.withClient(server.baseURL, decompression: false) { client async throws in
                let echo: AppResponse<Echo> = await client.request(Self.get("/anything"))
                #expect(try echo.value().headers["Accept-Encoding"] == "identity")
                let whole: AppResponse<Data> = await client.request(Self.get(path))
                #expect(whole.problem?.code == "undecoded_content_coding", "\(String(describing: whole.problem))")
                await #expect(throws: RonProblem.self) { _ = try await client.stream(Self.get(path)) }
                // Asking for the coding takes the coded bytes as they came.
                var asked = Self.get(path)
                asked.headers["Accept-Encoding"] = "gzip, deflate, br"
                let coded: AppResponse<Data> = await client.request(asked)
                #expect(coded.problem == nil)
                #expect(coded.raw?.first != UInt8(ascii: "{"))
            }
        }

        /// Its timeouts are the `HTTPClient`'s: a `RonConfig` that asks for others is refused when the
        /// client is made (naming the setting), not silently ignored; the same values are accepted.
        @Test func timeoutsItCannotTakePerCallAreRefusedAtClientCreation() async throws {
            let transport = AsyncHTTPClientTransport(readTimeoutMs: 2_000)
            let base = URL(string: "http://127.0.0.1:1")!
            for name in ["connectTimeoutMs", "readTimeoutMs", "writeTimeoutMs"] {
                var config = RonConfig(baseUrl: base, allowInsecureHttp: true, transport: transport)
                switch name {
                case "connectTimeoutMs": config.connectTimeoutMs = 50
                case "readTimeoutMs": config.readTimeoutMs = 50
                default: config.writeTimeoutMs = 50
                }
                #expect(throws: SdkConfigError.unsupportedSetting(name: name, reason: "")) {
                    do {
                        _ = try RonClient(config: config)
                    } catch SdkConfigError.unsupportedSetting(let setting, _) {
                        throw SdkConfigError.unsupportedSetting(name: setting, reason: "")
                    }
                }
            }
            let same = RonConfig(baseUrl: base, readTimeoutMs: 2_000, allowInsecureHttp: true, transport: transport)
            _ = try RonClient(config: same)
            try await transport.shutdown()
        }

        @Test func withDecompressionGzipAndDeflateArriveDecodedAndBrotliIsRefused() async throws {
            let server = try await HTTPBinServer.start()
            defer { server.stop() }
            try await Self.withClient(server.baseURL, decompression: true) { client async throws in
                for path in ["/gzip", "/deflate"] {
                    let whole: AppResponse<Echo> = await client.request(Self.get(path))
                    #expect(try whole.value().headers["Host"] != nil, "\(path)")
                    let streamed = try await client.stream(Self.get(path))
                    let body = try await streamed.body.collect(upTo: 1 << 20)
                    #expect(try JSONDecoder().decode(Echo.self, from: body).headers["Host"] != nil, "\(path)")
                }
                let brotli: AppResponse<Data> = await client.request(Self.get("/brotli"))
                #expect(brotli.problem?.code == "undecoded_content_coding")
            }
        }
    }
#endif
