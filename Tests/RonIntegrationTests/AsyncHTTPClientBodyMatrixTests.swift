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
            var failures: [String] = []
            try await withAsyncHTTPClient(server.baseURL) { client, _ in
                failures = try await BodyMatrix.failures(client)
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        }
    }
#endif
