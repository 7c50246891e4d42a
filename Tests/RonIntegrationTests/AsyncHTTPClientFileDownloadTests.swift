#if AsyncHTTPClient
    import Foundation
    import RonTestSupport
    import Testing

    @testable import RonAppSdkSwift

    /// `RonClient.download` over `AsyncHTTPClientTransport`, which writes each part of the body to
    /// the file on the client's event loop as it arrives: every byte in order, the size cap, a
    /// cancelled task, a dropped connection, a body that ended before the file was opened, digests.
    @Suite("AsyncHTTPClientTransport writes downloads as they arrive") struct AsyncHTTPClientFileDownloadTests {
        static func folder() throws -> URL {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("ron-ahc-file-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }

        static func files(_ folder: URL) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        }

        /// Piece `index` of a body: 97 KiB (not a multiple of the client's reads) of bytes that
        /// differ from piece to piece and within it, so a part out of order or lost shows.
        static func piece(_ index: Int) -> Data {
            Data((0..<(97 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index &* 7) })
        }

        typealias Endless = AsyncHTTPClientStreamTests.Endless

        static func client(_ server: LoopbackServer) throws -> (RonClient, AsyncHTTPClientTransport) {
            try AsyncHTTPClientStreamTests.client(server)
        }

        /// A progress report and whether it was made inside a Swift task (the download's) or not
        /// (the client's event loop).
        struct Report: Sendable {
            let bytes: Int64
            let inTask: Bool
        }

        @Test func aLongBodyArrivesWholeInOrderWithProgressFromTheEventLoop() async throws {
            let pieces = 64
            let server = try LoopbackServer { _ in
                .stream(status: 200, headers: ["Content-Type": "application/octet-stream"]) { writer in
                    for index in 0..<pieces { writer.send(bytes: Self.piece(index)) }
                }
            }
            defer { server.stop() }
            let (client, transport) = try Self.client(server)
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let reports = Collector<Report>()
            let file = folder.appendingPathComponent("long")
            let result = try await client.download(
                AppRequest(path: "/long"), to: file,
                progress: RonProgressReporter { progress in
                    reports.append(
                        Report(bytes: progress.completedBytes, inTask: withUnsafeCurrentTask { $0 != nil }))
                })
            client.close()
            try await transport.shutdown()
            var expected = Data()
            for index in 0..<pieces { expected.append(Self.piece(index)) }
            #expect(result.bytes == Int64(expected.count))
            #expect(try Data(contentsOf: file) == expected)
            #expect(try Self.files(folder) == ["long"])
            let counts = reports.values.map(\.bytes)
            #expect(counts.first == 0)
            #expect(counts.last == Int64(expected.count))
            #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }, "progress went back or stood still")
            // The parts were written (and counted) on the client's thread, not handed to the task.
            #expect(reports.values.contains { !$0.inTask })
        }

        @Test func aBodyThatEndedBeforeTheFileWasOpenedIsWrittenWhole() async throws {
            // Small enough to arrive whole, with the connection's end, before the download takes it.
            let body = Self.piece(3).prefix(50_000)
            let server = try LoopbackServer { _ in .respond(status: 200, body: Data(body)) }
            defer { server.stop() }
            let (client, transport) = try Self.client(server)
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            for round in 0..<5 {
                let file = folder.appendingPathComponent("small-\(round)")
                do {
                    let result = try await client.download(AppRequest(path: "/small"), to: file)
                    #expect(result.bytes == Int64(body.count))
                    #expect(try Data(contentsOf: file) == body)
                } catch {
                    Issue.record("round \(round): \(error)")
                }
            }
            client.close()
            try await transport.shutdown()
        }

        @Test func aBodyPastTheCapFailsLeavesNoFileAndClosesTheConnection() async throws {
            let endless = Endless()
            let server = try endless.server()
            defer { server.stop() }
            let (client, transport) = try Self.client(server)
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            do {
                _ = try await client.download(
                    AppRequest(path: "/endless"), to: folder.appendingPathComponent("capped"),
                    options: RonDownloadOptions(maxBytes: 3 << 20))
                Issue.record("an endless body was downloaded")
            } catch {
                #expect(error.code == "response_too_large", "\(error)")
            }
            #expect(try Self.files(folder).isEmpty)
            #expect(await endless.ended.wait(for: 1, timeoutMs: 10_000) == [true])
            #expect(endless.written < 1 << 30)
            client.close()
            try await transport.shutdown()
        }

        @Test func cancellingTheDownloadsTaskRemovesThePartialFileAndClosesTheConnection() async throws {
            let endless = Endless()
            let server = try endless.server()
            defer { server.stop() }
            let (client, transport) = try Self.client(server)
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let written = Locked<Int64>(0)
            let download = Task {
                try await client.download(
                    AppRequest(path: "/endless"), to: folder.appendingPathComponent("cancelled"),
                    progress: RonProgressReporter { progress in written.update { $0 = progress.completedBytes } })
            }
            #expect(await eventually(timeoutMs: 10_000) { written.value > 1 << 20 })
            download.cancel()
            do {
                let result = try await download.value
                Issue.record("the download ended with \(result.bytes) bytes")
            } catch {
                #expect((error as? RonProblem)?.code == "cancelled", "\(error)")
            }
            #expect(try Self.files(folder).isEmpty)
            #expect(await endless.ended.wait(for: 1, timeoutMs: 10_000) == [true])
            client.close()
            try await transport.shutdown()
        }

        @Test func aDroppedConnectionFailsTheDownloadAndLeavesNoFile() async throws {
            let server = try LoopbackServer { _ in
                .stream(status: 200, headers: [:]) { writer in
                    for index in 0..<20 { writer.send(bytes: Self.piece(index)) }
                    writer.drop()
                }
            }
            defer { server.stop() }
            let (client, transport) = try Self.client(server)
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            do {
                _ = try await client.download(
                    AppRequest(path: "/dropped"), to: folder.appendingPathComponent("dropped"))
                Issue.record("a dropped body was kept")
            } catch {
                #expect(error.kind == "transport", "\(error)")
                #expect(error.code != "cancelled", "\(error)")
            }
            #expect(try Self.files(folder).isEmpty)
            client.close()
            try await transport.shutdown()
        }

        @Test func theAnnouncedDigestIsCheckedOnTheBytesWritten() async throws {
            var body = Data()
            for index in 0..<12 { body.append(Self.piece(index)) }
            var hasher = SHA256Hasher()
            hasher.update(body)
            let digest = Data(hasher.finalize())
            let good = digest.base64EncodedString()
            let content = body
            let server = try LoopbackServer { request in
                let digest = request.path == "/app/good" ? good : Data(repeating: 2, count: 32).base64EncodedString()
                return .respond(status: 200, headers: ["Repr-Digest": "sha-256=:\(digest):"], body: content)
            }
            defer { server.stop() }
            let (client, transport) = try Self.client(server)
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let kept = try await client.download(AppRequest(path: "/good"), to: folder.appendingPathComponent("good"))
            #expect(kept.verifiedSHA256 == digest.map { String(format: "%02x", $0) }.joined())
            do {
                _ = try await client.download(AppRequest(path: "/bad"), to: folder.appendingPathComponent("bad"))
                Issue.record("a body with another digest was kept")
            } catch {
                #expect(error.code == "download_digest_mismatch", "\(error)")
            }
            #expect(try Self.files(folder) == ["good"])
            client.close()
            try await transport.shutdown()
        }
    }
#endif
