import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// `RonClient.download` over `URLSessionTransport`, whose data delegate writes each chunk of the
/// body to the file on the session's delegate queue as it arrives (``FileDownloadChecks``, the same
/// checks `AsyncHTTPClientTransport` passes).
///
/// But one: whether a stopped download's connection is closed at once. The transport cancels the
/// task and ends the call at once, but FoundationNetworking on Linux sometimes goes on reading the
/// cancelled task's connection (here in about one run in four of the cap check, with the old
/// streamed path as well): the task is `canceling`, its error set, and its data still arrives, to
/// be dropped. Nothing in the public API stops that transfer harder, so the check is not made here.
@Suite("URLSessionTransport writes downloads as they arrive") struct URLSessionFileDownloadTests {
    #if canImport(FoundationNetworking)
        static let closesAtOnce = false
    #else
        static let closesAtOnce = true
    #endif

    static let checks = FileDownloadChecks(checksTheConnectionCloses: closesAtOnce) { server in
        let client = try makeClient(server)
        return (client, {})
    }

    @Test(arguments: FileDownloadChecks.Check.allCases)
    func aDownloadKeeps(_ check: FileDownloadChecks.Check) async throws {
        try await Self.checks.run(check)
    }

    #if canImport(FoundationNetworking)
        /// FoundationNetworking cannot pause a transfer; the streaming session's delegate queue
        /// holds its reading thread back instead while the file is 32 MiB behind, so a download to a
        /// slow file keeps the server (and memory) tens of MiB ahead at most, not hundreds.
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
            try await Task.sleep(for: .milliseconds(500))
            let ahead = Int64(endless.written) - written.value
            download.cancel()
            _ = try? await download.value
            // The queue's 32 MiB, the sockets' buffers and libcurl's; unpaced, hundreds of MiB.
            #expect(ahead < 64 << 20, "the server was \(ahead) bytes ahead of the file")
        }
    #endif
}
