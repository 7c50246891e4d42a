#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import RonAppSdkSwift
    import RonTestSupport
    import Testing

    /// Every body kind through every call kind on `AsyncHTTPClientTransport` reaches the server
    /// byte for byte (the matrix `URLSessionBodyMatrixTests` runs on `URLSessionTransport`).
    @Suite struct AsyncHTTPClientBodyMatrixTests {
        @Test func everyBodyKindArrivesWholeThroughEveryCallKind() async throws {
            let server = try BodyMatrix.echoServer()
            defer { server.stop() }
            let transport = AsyncHTTPClientTransport()
            let client = try RonClient(
                config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true, transport: transport))
            let failures: [String]
            do {
                failures = try await BodyMatrix.failures(client)
            } catch {
                client.close()
                try await transport.shutdown()
                throw error
            }
            client.close()
            try await transport.shutdown()
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        }
    }
#endif
