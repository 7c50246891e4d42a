import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// Downloads and streamed bodies against httpbin: exact lengths, chunked streams, resumed ranges,
/// drip-fed progress, cancellation.
@Suite struct HTTPBinDownloadTests {
    static func client(_ server: HTTPBinServer) throws -> RonClient {
        try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ron-downloads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A `GET` of `target` (a path, and a query after `?`) at httpbin's root.
    static func get(_ target: String) -> AppRequest {
        let parts = target.split(separator: "?", maxSplits: 1)
        let query = URLComponents(string: "?" + (parts.count > 1 ? parts[1] : ""))?.queryItems ?? []
        return AppRequest(method: .get, path: RonPath.server("") + String(parts[0]), query: query)
    }

    @Test func aDownloadOfBytesHasExactlyTheLengthAsked() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Self.client(server)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bytes.bin")
        let result = try await client.download(Self.get("/bytes/1024?seed=7"), to: file)
        #expect(result.bytes == 1024)
        #expect(result.status == 200)
        #expect(try Data(contentsOf: file).count == 1024)
        let whole: AppResponse<Data> = await client.request(Self.get("/bytes/1024?seed=7"))
        #expect(try Data(contentsOf: file) == whole.data)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bytes.bin"])
    }

    @Test func aChunkedStreamYieldsEveryByteInOrder() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Self.client(server)
        let response = try await client.stream(Self.get("/stream-bytes/50000?seed=3&chunk_size=1000"))
        #expect(response.status == 200)
        #expect(response.headers["transfer-encoding"]?.lowercased() == "chunked")
        #expect(response.expectedBytes == nil)
        var streamed = Data()
        for try await chunk in response.body { streamed.append(chunk) }
        #expect(streamed.count == 50_000)
        let whole: AppResponse<Data> = await client.request(Self.get("/stream-bytes/50000?seed=3&chunk_size=1000"))
        #expect(streamed == whole.data)
    }

    /// Bytes that arrive apart reach the reader apart. (A fast body may reach a reader that is
    /// behind as one joined piece, so the count of pieces is checked on a drip, 200 ms per byte.)
    @Test func aDripReachesTheReaderPieceByPiece() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Self.client(server)
        let response = try await client.stream(Self.get("/drip?numbytes=4&duration=0.8&delay=0"))
        var pieces: [Int] = []
        for try await chunk in response.body { pieces.append(chunk.count) }
        #expect(pieces.reduce(0, +) == 4)
        #expect(pieces.count >= 2, "\(pieces)")
    }

    @Test func aStreamedCallToAnErrorStatusThrowsItsProblem() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Self.client(server)
        await #expect(throws: RonProblem.self) { _ = try await client.stream(Self.get("/status/503")) }
        do {
            _ = try await client.stream(Self.get("/status/404"))
        } catch {
            #expect(error.status == 404)
            #expect(error.code == "http_404")
        }
    }

    @Test func aDownloadResumedFromTheMiddleEqualsTheWholeFile() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Self.client(server)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.bin")
        let first = try await client.download(Self.get("/range/4000"), to: whole)
        #expect(first.bytes == 4000)
        #expect(first.headers["accept-ranges"] == "bytes")
        #expect(first.headers["etag"] == "range4000")
        // The first half as an interrupted download leaves it.
        let resumed = folder.appendingPathComponent("resumed.bin")
        try Data(contentsOf: whole).prefix(1700).write(to: RonDownloadResumeData.partialFile(for: resumed))
        let url = server.baseURL.appendingPathComponent("range/4000")
        try JSONEncoder().encode(RonDownloadResumeData(url: url, validator: "range4000", totalBytes: 4000))
            .write(to: RonDownloadResumeData.recordFile(for: resumed))
        let reports = Collector<RonTransferProgress>()
        let result = try await client.download(
            Self.get("/range/4000"), to: resumed, options: RonDownloadOptions(resumable: true),
            progress: RonProgressReporter { reports.append($0) })
        #expect(result.status == 206)
        #expect(result.resumedFromBytes == 1700)
        #expect(result.headers["content-range"] == "bytes 1700-3999/4000")
        #expect(try Data(contentsOf: resumed) == Data(contentsOf: whole))
        #expect(reports.values.first == RonTransferProgress(completedBytes: 1700, expectedBytes: 4000))
        #expect(reports.values.last == RonTransferProgress(completedBytes: 4000, expectedBytes: 4000))
        #expect(!FileManager.default.fileExists(atPath: RonDownloadResumeData.partialFile(for: resumed).path))
        #expect(RonDownloadResumeData.load(for: resumed) == nil)
    }

    @Test func aCancelledResumableDownloadResumesWhereItStopped() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Self.client(server)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("slow.bin")
        // 100 chunks of 100 bytes over 2 seconds; cancelled once a few arrived.
        let path = "/range/10000?chunk_size=100&duration=2"
        let (progress, reporter) = RonProgressReporter.stream()
        let task = Task {
            try await client.download(
                Self.get(path), to: file, options: RonDownloadOptions(resumable: true), progress: reporter)
        }
        for await value in progress where value.completedBytes >= 300 {
            task.cancel()
            break
        }
        await #expect(throws: RonProblem.self) { _ = try await task.value }
        let kept = RonDownloadResumeData.partialBytes(for: file)
        #expect(kept >= 300)
        #expect(kept < 10_000)
        #expect(RonDownloadResumeData.load(for: file)?.validator == "range10000")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let result = try await client.download(Self.get(path), to: file, options: RonDownloadOptions(resumable: true))
        #expect(result.status == 206)
        #expect(result.resumedFromBytes == kept)
        let whole: AppResponse<Data> = await client.request(Self.get("/range/10000"))
        #expect(try Data(contentsOf: file) == whole.data)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["slow.bin"])
    }

    @Test func dripFedProgressIsReportedOverTimeInOrderUpToTheTotal() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Self.client(server)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = Collector<RonTransferProgress>()
        let result = try await client.download(
            Self.get("/drip?numbytes=8&duration=1&delay=0&code=200"), to: folder.appendingPathComponent("drip"),
            progress: RonProgressReporter { reports.append($0) })
        #expect(result.bytes == 8)
        let values = reports.values
        #expect(values.count > 2)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
        #expect(values.allSatisfy { $0.expectedBytes == 8 })
        #expect(values.last?.completedBytes == 8)
        #expect(values.last?.fractionCompleted == 1)
    }

    @Test func cancellingADownloadRemovesItsPartialFile() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Self.client(server)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cancelled.bin")
        let (progress, reporter) = RonProgressReporter.stream()
        let task = Task {
            try await client.download(Self.get("/drip?numbytes=100&duration=10&delay=0"), to: file, progress: reporter)
        }
        for await value in progress where value.completedBytes > 0 {
            #expect(FileManager.default.fileExists(atPath: RonDownloadResumeData.partialFile(for: file).path))
            task.cancel()
            break
        }
        do {
            _ = try await task.value
            Issue.record("the cancelled download finished")
        } catch let problem as RonProblem {
            #expect(problem.code == "cancelled")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aDownloadOfAnErrorStatusThrowsItsProblemAndLeavesNoFile() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Self.client(server)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try await client.download(Self.get("/status/404"), to: folder.appendingPathComponent("missing"))
            Issue.record("a 404 downloaded")
        } catch {
            #expect(error.code == "http_404")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
