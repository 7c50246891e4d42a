#if AsyncHTTPClient
    import Foundation
    import RonTestSupport
    import Testing

    @testable import RonAppSdkSwift

    /// Certificate pinning on `AsyncHTTPClientTransport`, the transport that checks pins on Linux, against
    /// real TLS servers (`openssl s_server`) with throwaway self-signed certificates.
    @Suite("Certificate pinning") struct CertificatePinningTests {
        static let hello = httpResponse(
            "200 OK", headers: ["Content-Type": "application/json"], body: #"{"message":"over pinned tls"}"#)
        static let events = httpResponse(
            "200 OK", headers: ["Content-Type": "text/event-stream"],
            body: "id: 1\ndata: {\"seq\":1}\n\nid: 2\ndata: {\"seq\":2}\n\n")

        struct Tick: Decodable, Sendable { let seq: Int }

        func pin(of server: OpenSSLServer) throws -> PinnedCertificate {
            try PinnedCertificate(pem: String(contentsOf: server.certificate, encoding: .utf8))
        }

        /// Runs `body` with a client of `server` whose transport trusts only `pins`.
        func withPinnedClient(
            _ server: OpenSSLServer, pins: [PinnedCertificate], _ body: (RonClient) async throws -> Void
        ) async throws {
            let transport = try AsyncHTTPClientTransport(pinnedCertificates: pins)
            try await withAsyncHTTPClient(server.baseURL, transport: transport) { client, _ in try await body(client) }
        }

        @Test func aServerWithThePinnedCertificateAnswersCallsAndStreams() async throws {
            try #require(OpenSSLServer.executable != nil, "openssl is missing: apt-get install -y openssl")
            let server = try OpenSSLServer(files: ["app/hello": Self.hello, "app/events": Self.events])
            defer { server.stop() }
            try await withPinnedClient(server, pins: [pin(of: server)]) { client in
                let res: AppResponse<Greeting> = await client.get("/hello")
                #expect(res.ok, "\(String(describing: res.problem))")
                #expect(try res.value().message == "over pinned tls")
                let stream = try await client.subscribe(
                    Tick.self, path: "/events", options: RonSubscriptionOptions(maxReconnects: 0))
                var seen: [Int] = []
                for try await tick in stream {
                    seen.append(tick.seq)
                    if seen.count == 2 { break }
                }
                #expect(seen == [1, 2])
            }
        }

        @Test func aServerWithAnotherCertificateIsRefusedAsTLSFailure() async throws {
            try #require(OpenSSLServer.executable != nil, "openssl is missing: apt-get install -y openssl")
            let pinned = try OpenSSLServer(files: ["app/hello": Self.hello])
            defer { pinned.stop() }
            let impostor = try OpenSSLServer(files: ["app/hello": Self.hello, "app/events": Self.events])
            defer { impostor.stop() }
            try await withPinnedClient(impostor, pins: [pin(of: pinned)]) { client in
                let res: AppResponse<Greeting> = await client.get("/hello")
                #expect(res.status == 0)
                #expect(res.problem?.code == "tls_failed")
                await #expect(throws: (any Error).self) {
                    let stream = try await client.subscribe(
                        Tick.self, path: "/events", options: RonSubscriptionOptions(maxReconnects: 0))
                    for try await _ in stream {}
                }
            }
        }

        @Test func aPinnedServerRedirectingToPlainHTTPIsRefused() async throws {
            try #require(OpenSSLServer.executable != nil, "openssl is missing: apt-get install -y openssl")
            let plain = try LoopbackServer { _ in .json(200, #"{"message":"downgraded"}"#) }
            let redirect = httpResponse(
                "302 Found", headers: ["Location": plain.baseURL.absoluteString + "/app/hello"])
            let server = try OpenSSLServer(files: ["app/hello": redirect])
            defer { server.stop() }
            try await withPinnedClient(server, pins: [pin(of: server)]) { client in
                let res: AppResponse<Greeting> = await client.get("/hello")
                #expect(res.problem?.code == "insecure_redirect")
                #expect(plain.requests.isEmpty)
            }
        }

        @Test func withoutPinsTheSystemTrustRefusesTheSelfSignedServer() async throws {
            try #require(OpenSSLServer.executable != nil, "openssl is missing: apt-get install -y openssl")
            let server = try OpenSSLServer(files: ["app/hello": Self.hello])
            defer { server.stop() }
            try await withPinnedClient(server, pins: []) { client in
                let res: AppResponse<Greeting> = await client.get("/hello")
                #expect(res.problem?.code == "tls_failed")
            }
        }
    }
#endif
