#if AsyncHTTPClient
    import Foundation
    import RonAppSdkSwift
    import RonTestSupport
    import Testing

    /// Downloads and streamed bodies over `AsyncHTTPClientTransport`: the same checks as over
    /// `URLSession`, against httpbin and the gateway's file route.
    @Suite("AsyncHTTPClientTransport downloads") struct AsyncHTTPClientDownloadTests {
        static func folder() throws -> URL {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("ron-ahc-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }

        @Test func downloadsResumesAndReportsProgressAgainstHTTPBin() async throws {
            let server = try await HTTPBinServer.start()
            defer { server.stop() }
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try await withAsyncHTTPClient(server.baseURL) { client, _ in
                try await Self.checks(client, server: server, folder: folder)
            }
        }

        static func checks(_ client: RonClient, server: HTTPBinServer, folder: URL) async throws {
            let root = RonPath.server("")
            let whole = folder.appendingPathComponent("whole")
            let reports = Collector<RonTransferProgress>()
            let first = try await client.download(
                AppRequest(path: root + "/range/4000"), to: whole, progress: RonProgressReporter { reports.append($0) })
            #expect(first.bytes == 4000)
            #expect(reports.values.last == RonTransferProgress(completedBytes: 4000, expectedBytes: 4000))
            let resumed = folder.appendingPathComponent("resumed")
            try Data(contentsOf: whole).prefix(1000).write(to: RonDownloadResumeData.partialFile(for: resumed))
            try JSONEncoder().encode(
                RonDownloadResumeData(
                    url: server.baseURL.appendingPathComponent("range/4000"), validator: "range4000", totalBytes: 4000)
            ).write(to: RonDownloadResumeData.recordFile(for: resumed))
            let second = try await client.download(
                AppRequest(path: root + "/range/4000"), to: resumed, options: RonDownloadOptions(resumable: true))
            #expect(second.status == 206)
            #expect(try Data(contentsOf: resumed) == Data(contentsOf: whole))
            let streamed = try await client.stream(
                AppRequest(path: root + "/stream-bytes/20000", query: ["seed": "1", "chunk_size": "500"]))
            #expect(try await streamed.body.collect(upTo: 1 << 20).count == 20_000)
            // AsyncHTTPClient decodes no content coding: a gzip body is refused, not handed over.
            do {
                _ = try await client.stream(AppRequest(path: root + "/gzip"))
                Issue.record("a gzip body was handed over undecoded")
            } catch {
                #expect(error.code == "undecoded_content_coding")
            }
        }
    }
#endif
