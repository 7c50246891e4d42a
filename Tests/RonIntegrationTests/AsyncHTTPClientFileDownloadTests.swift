#if AsyncHTTPClient
    import Foundation
    import RonAppSdkSwift
    import RonTestSupport
    import Testing

    /// `RonClient.download` over `AsyncHTTPClientTransport`, which writes each part of the body to
    /// the file on the client's event loop as it arrives (the checks are ``FileDownloadChecks``,
    /// which `URLSessionTransport` passes as well).
    @Suite("AsyncHTTPClientTransport writes downloads as they arrive") struct AsyncHTTPClientFileDownloadTests {
        static let checks = FileDownloadChecks { server in
            let (client, transport) = try AsyncHTTPClientStreamTests.client(server)
            return (client, { try await transport.shutdown() })
        }

        @Test(arguments: FileDownloadChecks.Check.allCases)
        func aDownloadKeeps(_ check: FileDownloadChecks.Check) async throws {
            try await Self.checks.run(check)
        }
    }
#endif
