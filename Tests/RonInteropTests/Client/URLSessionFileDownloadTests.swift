import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// `RonClient.download` over `URLSessionTransport`, whose data delegate writes each chunk of the
/// body to the file as it arrives (on Linux on FoundationNetworking's own thread, as its download
/// task does): ``FileDownloadChecks``, the same checks `AsyncHTTPClientTransport` passes, a stopped
/// download's connection closed at once included.
@Suite("URLSessionTransport writes downloads as they arrive") struct URLSessionFileDownloadTests {
    static let checks = FileDownloadChecks { server in
        let client = try makeClient(server)
        return (client, {})
    }

    @Test(arguments: FileDownloadChecks.Check.allCases)
    func aDownloadKeeps(_ check: FileDownloadChecks.Check) async throws {
        try await Self.checks.run(check)
    }

    #if canImport(FoundationNetworking)
        /// FoundationNetworking cannot pause a transfer; the streaming session's delegate runs on its
        /// reading thread instead (`InlineDelegateQueue`), so a download to a slow file holds that
        /// thread back and keeps the server (and memory) within its socket buffers, not hundreds of MiB
        /// ahead. What arrived before the download took the body over (more on a busy machine) is
        /// written first, while the network waits: over half a second, the server's lead grows by no
        /// more than the sockets' buffers, whenever the window starts.
        @Test func aSlowFileHoldsTheNetworkBackInsteadOfFillingMemory() async throws {
            let endless = EndlessBody(limit: 512 << 20)
            let server = try endless.server()
            defer { server.stop() }
            let client = try makeClient(server)
            defer { client.close() }
            let folder = try makeScratchFolder("ron-slow")
            defer { try? FileManager.default.removeItem(at: folder) }
            let written = Locked<Int64>(0)
            let download = Task {
                try await client.download(
                    AppRequest(path: "/endless"), to: folder.appendingPathComponent("slow"),
                    progress: RonProgressReporter { progress in
                        written.update { $0 = progress.completedBytes }
                        // Past the first 4 MiB (written while the download takes the body over),
                        // about 16 MB/s: far slower than loopback.
                        if progress.completedBytes > 4 << 20 { usleep(1_000) }
                    })
            }
            #expect(await eventually(timeoutMs: 10_000) { written.value > 8 << 20 })
            let lead = { Int64(endless.written) - written.value }
            let leadBefore = lead()
            try await Task.sleep(for: .milliseconds(500))
            let growth = lead() - leadBefore
            download.cancel()
            _ = try? await download.value
            // The sockets' buffers and libcurl's; with a queue between the network and the file
            // (a plain delegate queue, or chunks queued behind the download's backlog), hundreds of MiB.
            #expect(growth < 32 << 20, "the server's lead grew by \(growth) bytes in half a second")
        }
    #endif
}
