#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import RonAppSdkSwift
    import RonTestSupport
    import Testing

    /// `AsyncHTTPClientTransport` against httpbin, a server nobody here wrote: the raw body kinds
    /// through every call kind arrive byte for byte (as `HTTPBinBodyMatrixTests` checks
    /// `URLSessionTransport`), and every content coding httpbin answers with is decoded by the
    /// transport or refused, never handed over as content.
    @Suite struct AsyncHTTPClientHTTPBinTests {
        @Test func everyRawBodyArrivesWholeThroughEveryCall() async throws {
            let server = try await HTTPBinServer.start()
            defer { server.stop() }
            var failures: [String] = []
            // httpbin echoes 300 KB of binary as a larger `data:` URL: more than the 1 MiB default.
            let largeEchoes: (inout RonConfig) -> Void = { $0.maxResponseBytes = 64 << 20 }
            try await withAsyncHTTPClient(server.baseURL, config: largeEchoes) { client, _ in
                failures = try await BodyMatrix.failures(
                    client, bodies: BodyMatrix.rawBodies, path: "/anything", received: BodyMatrix.httpbinEchoedData)
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        }

        /// httpbin's coded answers: each always coded, whatever `Accept-Encoding` asked for.
        static let codings = [("/gzip", "gzip"), ("/deflate", "deflate"), ("/brotli", "br")]

        /// The default transport decodes nothing and asks for `identity`: a coded answer is
        /// refused on every call kind with `undecoded_content_coding`, and a download leaves no
        /// file; a caller that names the coding gets the coded bytes.
        @Test(arguments: codings)
        func aCodingTheTransportDoesNotDecodeIsRefused(path: String, coding: String) async throws {
            let server = try await HTTPBinServer.start()
            defer { server.stop() }
            try await withAsyncHTTPClient(server.baseURL) { client, transport in
                #expect(transport.decodedContentCodings.isEmpty)
                let request = AppRequest(method: .get, path: RonPath.server("") + path)
                let whole: AppResponse<Data> = await client.request(request)
                #expect(whole.problem?.code == "undecoded_content_coding")
                #expect(throws: RonProblem.self) { try whole.value() }
                do throws(RonProblem) {
                    _ = try await client.stream(request)
                    Issue.record("a \(coding) stream was handed over undecoded")
                } catch {
                    #expect(error.code == "undecoded_content_coding")
                }
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("ron-ahc-\(UUID())")
                defer { try? FileManager.default.removeItem(at: file) }
                do throws(RonProblem) {
                    _ = try await client.download(request, to: file)
                    Issue.record("a \(coding) download was written undecoded")
                } catch {
                    #expect(error.code == "undecoded_content_coding")
                }
                #expect(!FileManager.default.fileExists(atPath: file.path))
                var asked = request
                asked.headers["Accept-Encoding"] = coding
                let coded: AppResponse<Data> = await client.request(asked)
                #expect(coded.problem == nil && coded.headers["content-encoding"] == coding)
                #expect((try? JSONSerialization.jsonObject(with: coded.raw ?? Data())) == nil)
            }
        }

        /// With async-http-client's decompression enabled the transport decodes gzip and deflate
        /// on every call kind; brotli, which it cannot decode, is still refused.
        @Test(arguments: codings)
        func aCodingTheTransportDecodesArrivesAsContent(path: String, coding: String) async throws {
            let server = try await HTTPBinServer.start()
            defer { server.stop() }
            var configuration = HTTPClient.Configuration()
            configuration.decompression = .enabled(limit: .ratio(100))
            let transport = AsyncHTTPClientTransport(configuration: configuration)
            try await withAsyncHTTPClient(server.baseURL, transport: transport) { client, transport in
                let request = AppRequest(method: .get, path: RonPath.server("") + path)
                let whole: AppResponse<Data> = await client.request(request)
                guard transport.decodedContentCodings.contains(coding) else {
                    #expect(whole.problem?.code == "undecoded_content_coding")
                    do throws(RonProblem) {
                        _ = try await client.stream(request)
                        Issue.record("a \(coding) stream was handed over undecoded")
                    } catch {
                        #expect(error.code == "undecoded_content_coding")
                    }
                    return
                }
                #expect(whole.problem == nil)
                #expect(Self.codedFlag(whole.raw) == true)
                let streamed = try await client.stream(request)
                #expect(Self.codedFlag(try await streamed.body.collect(upTo: 1 << 20)) == true)
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("ron-ahc-\(UUID())")
                defer { try? FileManager.default.removeItem(at: file) }
                let downloaded = try await client.download(request, to: file)
                let onDisk = try Data(contentsOf: file)
                #expect(downloaded.bytes == Int64(onDisk.count))
                #expect(Self.codedFlag(onDisk) == true)
            }
        }

        /// httpbin's `gzipped` / `deflated` flag in a decoded body (nil when it is not JSON).
        static func codedFlag(_ body: Data?) -> Bool? {
            guard let body, let echo = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                return nil
            }
            return (echo["gzipped"] ?? echo["deflated"]) as? Bool
        }
    }
#endif
