#if AsyncHTTPClient
    import Foundation
    import RonAppSdkSwift
    import RonTestSupport
    import Testing

    /// `AsyncHTTPClientTransport` streams file, stream and multipart bodies with their length,
    /// reports progress, and resends only a replayable body (httpbin and loopback HTTP).
    @Suite struct AsyncHTTPClientUploadTests {
        private static func withClient(
            _ base: URL, retry: RetryPolicy? = nil, _ body: (RonClient) async throws -> Void
        ) async throws {
            let settings: (inout RonConfig) -> Void = { config in
                config.overallTimeoutMs = 60_000
                config.middleware = [LargeEchoes()]
                config.retry = retry
            }
            try await withAsyncHTTPClient(base, config: settings) { client, _ in try await body(client) }
        }

        private static func random(_ count: Int) -> Data {
            var generator = SystemRandomNumberGenerator()
            var data = Data(capacity: count + 8)
            while data.count < count { withUnsafeBytes(of: generator.next() as UInt64) { data.append(contentsOf: $0) } }
            return data.prefix(count)
        }

        private static func chunks(_ data: Data) -> AsyncStream<Data> {
            let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
            for offset in stride(from: 0, to: data.count, by: 50_000) {
                continuation.yield(data.subdata(in: offset..<min(offset + 50_000, data.count)))
            }
            continuation.finish()
            return stream
        }

        /// Posts `body` to httpbin's `/post`, reporting to `progress`, and returns httpbin's echo.
        private static func echo(
            _ client: RonClient, _ body: AppRequestBody, progress: RonProgressReporter
        ) async throws -> [String: Any] {
            let request = AppRequest(method: .post, path: RonPath.server("") + "/post", body: body)
                .uploadProgress(progress)
            let response: AppResponse<Data> = await client.request(request)
            #expect(response.status == 200)
            let raw = try #require(response.raw)
            return try #require(try JSONSerialization.jsonObject(with: raw) as? [String: Any])
        }

        @Test func aMultipartBodyWithAFileAndAStreamArrivesWithItsLengthAndProgress() async throws {
            let server = try await HTTPBinServer.start()
            defer { server.stop() }
            let onDisk = Self.random(2 * 1024 * 1024 + 5)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-ahc-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let fileURL = folder.appendingPathComponent("photo.bin")
            try onDisk.write(to: fileURL)
            let streamed = Self.random(300_000)
            var form = RonMultipartForm()
            form.append("title", value: "Holiday")
            try form.append("photo", fileURL: fileURL, contentType: "image/jpeg")
            form.append(
                "log", stream: RonBodyStream(length: Int64(streamed.count), oneShot: Self.chunks(streamed)),
                filename: "log.bin")
            let body = try AppRequestBody.multipart(form)
            let furthest = LockedMax()
            try await Self.withClient(server.baseURL) { client in
                let echo = try await Self.echo(client, body, progress: RonProgressReporter { furthest.record($0) })
                let files = try #require(echo["files"] as? [String: String])
                let photo = try #require(files["photo"]?.split(separator: ",").last)
                #expect(Data(base64Encoded: String(photo)) == onDisk)
                let log = try #require(files["log"]?.split(separator: ",").last)
                #expect(Data(base64Encoded: String(log)) == streamed)
                #expect((echo["form"] as? [String: String])?["title"] == "Holiday")
                let headers = try #require(echo["headers"] as? [String: String])
                #expect(headers["Content-Length"] == body.length.map { String($0) })
            }
            #expect(furthest.value == body.length)
        }

        @Test func aFileBodyArrivesWholeWithItsLengthAndProgress() async throws {
            let server = try await HTTPBinServer.start()
            defer { server.stop() }
            // More than two 256 KiB pieces read from disk, the last one short.
            let onDisk = Self.random(600_001)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-ahc-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let fileURL = folder.appendingPathComponent("export.bin")
            try onDisk.write(to: fileURL)
            let body = try AppRequestBody.file(fileURL, contentType: "application/octet-stream")
            let reports = Collector<RonTransferProgress>()
            try await Self.withClient(server.baseURL) { client in
                let echo = try await Self.echo(client, body, progress: RonProgressReporter { reports.append($0) })
                let data = try #require((echo["data"] as? String)?.split(separator: ",").last)
                #expect(Data(base64Encoded: String(data)) == onDisk)
                #expect((echo["headers"] as? [String: String])?["Content-Length"] == "600001")
                let sent = reports.values.map(\.completedBytes)
                #expect(sent.count >= 3 && sent == sent.sorted() && sent.last == 600_001, "\(sent)")
            }
        }

        @Test func aFileThatChangedAfterItsBodyWasMadeFailsTheCallNamingIt() async throws {
            let attempts = LockedMax()
            let server = try LoopbackServer { _ in
                attempts.increment() == 1 ? .respond(status: 503, headers: ["Retry-After": "0"]) : .text(200, "ok")
            }
            defer { server.stop() }
            try await Self.withClient(server.baseURL, retry: .standard) { client in
                let outcomes = try await ChangedFileBodies.send(client, path: "/upload")
                #expect(outcomes.count == 5)
                #expect(outcomes.flatMap(\.complaints) == [])
                // The plain files never went out (checked before each attempt); the multipart body
                // and the file cut short while it was sent stopped at the change, so the server never
                // got a whole request.
                let whole = server.requests.filter { $0.body.count == Int($0.header("content-length") ?? "") }
                #expect(whole.isEmpty, "\(server.requests.map(\.body.count))")
            }
        }

        @Test func aFileBodyGetsTheAnswerOfAServerThatAnswersAtItsLastByte() async throws {
            // The server answers as soon as it has read the body: every other answer is a 503, an
            // answer the client takes as the end of the request. Each call must get its answer at
            // once (an answer read between the last piece and the body's end stranded the request
            // until its timeout).
            let attempts = LockedMax()
            let server = try LoopbackServer { _ in
                attempts.increment() % 2 == 0 ? .respond(status: 503) : .text(200, "ok")
            }
            defer { server.stop() }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-pump-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("body.bin")
            let bytes = Self.random(600_000)
            try bytes.write(to: file)
            try await Self.withClient(server.baseURL) { client in
                var statuses: [Int] = []
                for _ in 0..<20 {
                    let answer: AppResponse<Data> = await client.request(
                        AppRequest(method: .post, path: "/upload", body: try .file(file), timeoutMs: 10_000))
                    statuses.append(answer.status)
                }
                #expect(statuses == Array(repeating: [200, 503], count: 10).flatMap { $0 })
                #expect(server.requests.map(\.body) == Array(repeating: bytes, count: 20))
            }
        }

        @Test func aReplayableStreamIsResentWholeAndAOneShotOneIsNot() async throws {
            let attempts = LockedMax()
            let server = try LoopbackServer { request in
                attempts.increment() % 2 == 1 ? .respond(status: 503, headers: ["Retry-After": "0"]) : .text(200, "ok")
            }
            defer { server.stop() }
            let bytes = Self.random(200_000)
            try await Self.withClient(server.baseURL, retry: .standard) { client in
                let replayable = RonBodyStream(length: Int64(bytes.count), replayable: { Self.chunks(bytes) })
                let first: AppResponse<Data> = await client.request(
                    AppRequest(method: .post, path: "/upload", body: .stream(replayable), idempotent: true))
                #expect(first.status == 200)
                #expect(server.requests.map(\.body) == [bytes, bytes])
                let oneShot = RonBodyStream(length: Int64(bytes.count), oneShot: Self.chunks(bytes))
                let second: AppResponse<Data> = await client.request(
                    AppRequest(method: .post, path: "/upload", body: .stream(oneShot), idempotent: true))
                #expect(second.status == 503)
                #expect(server.requests.count == 3)
            }
        }
    }

    /// The largest progress seen, or a counter.
    final class LockedMax: @unchecked Sendable {
        private let lock = NSLock()
        private var furthest: Int64?
        private var count = 0
        func record(_ progress: RonTransferProgress) {
            lock.lock()
            furthest = max(furthest ?? 0, progress.completedBytes)
            lock.unlock()
        }
        var value: Int64? {
            lock.lock()
            defer { lock.unlock() }
            return furthest
        }
        func increment() -> Int {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            return count
        }
    }
#endif
