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

        @Test func aLongBodyArrivesWholeInOrderWithProgressFromTheEventLoop() async throws {
            try await Self.checks.aLongBodyArrivesWholeInOrderWithProgressFromTheTransportsThread()
        }

        @Test func aBodyThatEndedBeforeTheFileWasOpenedIsWrittenWhole() async throws {
            try await Self.checks.aBodyThatEndedBeforeTheFileWasOpenedIsWrittenWhole()
        }

        @Test func aBodyPastTheCapFailsLeavesNoFileAndClosesTheConnection() async throws {
            try await Self.checks.aBodyPastTheCapFailsLeavesNoFileAndClosesTheConnection()
        }

        @Test func cancellingTheDownloadsTaskRemovesThePartialFileAndClosesTheConnection() async throws {
            try await Self.checks.cancellingTheDownloadsTaskRemovesThePartialFileAndClosesTheConnection()
        }

        @Test func aDroppedConnectionFailsTheDownloadAndLeavesNoFile() async throws {
            try await Self.checks.aDroppedConnectionFailsTheDownloadAndLeavesNoFile()
        }

        @Test func theAnnouncedDigestIsCheckedOnTheBytesWritten() async throws {
            try await Self.checks.theAnnouncedDigestIsCheckedOnTheBytesWritten()
        }
    }
#endif
