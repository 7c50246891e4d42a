import Foundation
import RonAppSdkSwift
import Testing

/// What a loopback server wrote of an endless body (64 KiB at a time, as fast as the connection
/// takes it, or at most `bytesPerSecond`), and whether it saw the client close the connection.
package final class EndlessBody: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    /// One value per response: whether the client closed the connection within 10 s of the server's
    /// last write.
    package let ended = Collector<Bool>()
    /// The bytes written so far.
    package var written: Int { lock.withLock { count } }
    /// The most the server writes before it stops on its own.
    package let limit: Int

    /// The fastest the server writes (`nil`: as fast as the connection takes it).
    package let bytesPerSecond: Int?

    /// A new, unstarted body of at most `limit` bytes (4 GiB: far more than a paused or departed
    /// reader takes), written at most `bytesPerSecond` bytes a second when given.
    package init(limit: Int = 4 << 30, bytesPerSecond: Int? = nil) {
        self.limit = limit
        self.bytesPerSecond = bytesPerSecond
    }

    /// A server answering every request with this body.
    package func server() throws -> LoopbackServer {
        let chunk = Data(repeating: 7, count: 64 << 10)
        return try LoopbackServer { _ in
            .stream(status: 200, headers: ["Content-Type": "application/octet-stream"]) { writer in
                let start = DispatchTime.now().uptimeNanoseconds
                while self.written < self.limit, writer.send(bytes: chunk) {
                    let total = self.lock.withLock {
                        self.count += chunk.count
                        return self.count
                    }
                    guard let rate = self.bytesPerSecond else { continue }
                    // Sleeps until the bytes so far are due at that pace.
                    let due = start + UInt64(Double(total) / Double(rate) * 1e9)
                    let now = DispatchTime.now().uptimeNanoseconds
                    if due > now { usleep(UInt32(min((due - now) / 1_000, 1_000_000))) }
                }
                self.ended.append(writer.waitForPeerClose(timeoutMs: 10_000))
            }
        }
    }
}

/// `RonClient.download` on a transport that writes each part of the body to the file on its own
/// thread as it arrives (its direct body): every byte in order, the size cap, a cancelled task, a
/// dropped connection, a body that ended before the file was opened, digests. Each transport's
/// suite runs every check with its own client.
package struct FileDownloadChecks: Sendable {
    /// Makes a client on the transport under test for `server`, and what shuts that transport down.
    package let makeClient: @Sendable (LoopbackServer) throws -> (RonClient, @Sendable () async throws -> Void)
    /// Checks downloads with clients from `makeClient`.
    package init(
        makeClient: @escaping @Sendable (LoopbackServer) throws -> (RonClient, @Sendable () async throws -> Void)
    ) {
        self.makeClient = makeClient
    }

    /// An endless body for a check that stops the download (4 GiB: a transfer left running shows),
    /// sent at 64 MiB/s, a fast network's pace. FoundationNetworking (Linux) reads the body and
    /// cancels a task on one queue, and reaches a cancel only once the socket has run dry: a loopback
    /// server sending from memory faster than it reads would keep a stopped transfer (and every other
    /// `URLSession` transfer of the process) going until the body ends (see the Downloads article).
    private func endlessBody() -> EndlessBody {
        EndlessBody(limit: 4 << 30, bytesPerSecond: 64 << 20)
    }

    /// The size of a ``piece(_:)``.
    static let pieceSize = 97 << 10

    /// Piece `index` of a body: 97 KiB (not a multiple of any transport's reads) of bytes that
    /// differ from piece to piece and within it, so a part out of order or lost shows.
    package static func piece(_ index: Int) -> Data {
        Data((0..<pieceSize).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index &* 7) })
    }

    /// Runs `body` with a server, a client on the transport under test and an empty folder, then
    /// closes the client and shuts the transport down.
    private func with(
        _ server: LoopbackServer, _ body: (RonClient, URL) async throws -> Void
    ) async throws {
        defer { server.stop() }
        let (client, shutdown) = try makeClient(server)
        let folder = try makeScratchFolder("ron-file-dl")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(client, folder)
        client.close()
        try await shutdown()
    }

    /// What `work` threw (`nil` when it returned).
    private static func failure(of work: () async throws -> Void) async -> (any Error)? {
        do {
            try await work()
            return nil
        } catch {
            return error
        }
    }

    /// A stopped download of an endless body: it failed with `code`, left nothing in `folder`, and
    /// (where the transport is checked for it) its connection was closed.
    private func expectStopped(_ error: (any Error)?, code: String, folder: URL, endless: EndlessBody) async throws {
        let found = (error as? RonProblem)?.code
        #expect(found == code, "\(String(describing: error))")
        let files = try fileNames(in: folder)
        #expect(files.isEmpty)
        #expect(await endless.ended.wait(for: 1, timeoutMs: 10_000) == [true])
    }

    /// Every check, for a suite that runs them all as one parameterized test.
    package enum Check: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case longBody, bodyEndedBeforeTheFileOpened, cap, cancel, droppedConnection, digest

        package var testDescription: String { rawValue }
    }

    /// Runs `check`.
    package func run(_ check: Check) async throws {
        switch check {
        case .longBody: try await aLongBodyArrivesWholeInOrderWithProgressFromTheTransportsThread()
        case .bodyEndedBeforeTheFileOpened: try await aBodyThatEndedBeforeTheFileWasOpenedIsWrittenWhole()
        case .cap: try await aBodyPastTheCapFailsLeavesNoFileAndClosesTheConnection()
        case .cancel: try await cancellingTheDownloadsTaskRemovesThePartialFileAndClosesTheConnection()
        case .droppedConnection: try await aDroppedConnectionFailsTheDownloadAndLeavesNoFile()
        case .digest: try await theAnnouncedDigestIsCheckedOnTheBytesWritten()
        }
    }

    /// A progress report and whether it was made inside a Swift task (the download's) or not (the
    /// transport's thread).
    struct Report: Sendable {
        let bytes: Int64
        let inTask: Bool
    }

    /// 64 pieces arrive whole and in order; progress rises to the whole size, and the parts that
    /// arrive once the download is writing are reported from the transport's thread (written there,
    /// not handed to the task). The server sends the last 56 pieces only once the first 8 are
    /// written, 5 ms apart, so they arrive after the download took the body over.
    package func aLongBodyArrivesWholeInOrderWithProgressFromTheTransportsThread() async throws {
        let pieces = 64
        let head = 8
        let headWritten = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { _ in
            .stream(status: 200, headers: ["Content-Type": "application/octet-stream"]) { writer in
                for index in 0..<head { writer.send(bytes: Self.piece(index)) }
                _ = headWritten.wait(timeout: .now() + 10)
                for index in head..<pieces {
                    writer.send(bytes: Self.piece(index))
                    usleep(5_000)
                }
            }
        }
        let headBytes = Int64(head * Self.pieceSize)
        try await with(server) { client, folder in
            let reports = Collector<Report>()
            let signalled = Locked(false)
            let file = folder.appendingPathComponent("long")
            let result = try await client.download(
                AppRequest(path: "/long"), to: file,
                progress: RonProgressReporter { progress in
                    reports.append(
                        Report(bytes: progress.completedBytes, inTask: withUnsafeCurrentTask { $0 != nil }))
                    if progress.completedBytes >= headBytes,
                        signalled.update({ done in
                            defer { done = true }
                            return !done
                        })
                    {
                        headWritten.signal()
                    }
                })
            var expected = Data()
            for index in 0..<pieces { expected.append(Self.piece(index)) }
            #expect(result.bytes == Int64(expected.count))
            #expect(try Data(contentsOf: file) == expected)
            let files = try fileNames(in: folder)
            #expect(files == ["long"])
            let counts = reports.values.map(\.bytes)
            #expect(counts.first == 0)
            #expect(counts.last == Int64(expected.count))
            #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }, "progress went back or stood still")
            let late = reports.values.filter { $0.bytes > headBytes + Int64(Self.pieceSize) }
            #expect(late.contains { !$0.inTask }, "every part was handed to the download's task")
        }
    }

    /// A body small enough to arrive whole, with the connection's end, before the download takes
    /// it, is written whole (five times over, as the race goes either way).
    package func aBodyThatEndedBeforeTheFileWasOpenedIsWrittenWhole() async throws {
        let body = Self.piece(3).prefix(50_000)
        let server = try LoopbackServer { _ in .respond(status: 200, body: Data(body)) }
        try await with(server) { client, folder in
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
        }
    }

    /// An endless body past `maxBytes` fails with `response_too_large`, leaves no file, and the
    /// connection is closed (the server stops writing long before its 4 GiB).
    package func aBodyPastTheCapFailsLeavesNoFileAndClosesTheConnection() async throws {
        let endless = endlessBody()
        try await with(try endless.server()) { client, folder in
            let error = await Self.failure {
                _ = try await client.download(
                    AppRequest(path: "/endless"), to: folder.appendingPathComponent("capped"),
                    options: RonDownloadOptions(maxBytes: 3 << 20))
            }
            try await expectStopped(error, code: "response_too_large", folder: folder, endless: endless)
            #expect(endless.written < 1 << 30)
        }
    }

    /// Cancelling the download's task mid-body fails it with `cancelled`, removes the partial file
    /// and closes the connection.
    package func cancellingTheDownloadsTaskRemovesThePartialFileAndClosesTheConnection() async throws {
        let endless = endlessBody()
        try await with(try endless.server()) { client, folder in
            let written = Locked<Int64>(0)
            let download = Task {
                try await client.download(
                    AppRequest(path: "/endless"), to: folder.appendingPathComponent("cancelled"),
                    progress: RonProgressReporter { progress in written.update { $0 = progress.completedBytes } })
            }
            #expect(await eventually(timeoutMs: 10_000) { written.value > 1 << 20 })
            download.cancel()
            let error = await Self.failure { _ = try await download.value }
            try await expectStopped(error, code: "cancelled", folder: folder, endless: endless)
        }
    }

    /// A connection dropped mid-body fails the download as a transport failure (not a cancel) and
    /// leaves no file.
    package func aDroppedConnectionFailsTheDownloadAndLeavesNoFile() async throws {
        let server = try LoopbackServer { _ in
            .stream(status: 200, headers: [:]) { writer in
                for index in 0..<20 { writer.send(bytes: Self.piece(index)) }
                writer.drop()
            }
        }
        try await with(server) { client, folder in
            let error = await Self.failure {
                _ = try await client.download(
                    AppRequest(path: "/dropped"), to: folder.appendingPathComponent("dropped"))
            }
            let problem = error as? RonProblem
            let (kind, code) = (problem?.kind, problem?.code)
            #expect(kind == "transport", "\(String(describing: error))")
            #expect(code != nil && code != "cancelled", "\(String(describing: error))")
            let files = try fileNames(in: folder)
            #expect(files.isEmpty)
        }
    }

    /// The digest the server announces (`Repr-Digest`) is checked on the bytes written: a match is
    /// reported, a mismatch fails and leaves no file.
    package func theAnnouncedDigestIsCheckedOnTheBytesWritten() async throws {
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
        try await with(server) { client, folder in
            let kept = try await client.download(AppRequest(path: "/good"), to: folder.appendingPathComponent("good"))
            #expect(kept.verifiedSHA256 == digest.map { String(format: "%02x", $0) }.joined())
            let error = await Self.failure {
                _ = try await client.download(AppRequest(path: "/bad"), to: folder.appendingPathComponent("bad"))
            }
            let code = (error as? RonProblem)?.code
            #expect(code == "download_digest_mismatch", "\(String(describing: error))")
            let files = try fileNames(in: folder)
            #expect(files == ["good"])
        }
    }
}
