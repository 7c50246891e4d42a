import Foundation
import RonTestSupport
import Testing

@testable import RonAppSdkSwift

/// What a download checks before it moves a file into place: length, digest, the range a `206`
/// carries, and what a resume does with a `200` or a `416`. Over loopback HTTP.
@Suite struct DownloadCheckTests {
    static let content = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) })

    static var sha256: String {
        var hasher = SHA256Hasher()
        hasher.update(content)
        return Data(hasher.finalize()).base64EncodedString()
    }

    @Test func theIncrementalDigestMatchesTheOneShotDigest() {
        let text = String(repeating: "0123456789abcdef", count: 17) + "xyz"
        var hasher = SHA256Hasher()
        for piece in text.utf8.split(separator: UInt8(ascii: "7"), omittingEmptySubsequences: false) {
            hasher.update(Data(piece))
            hasher.update(Data("7".utf8))
        }
        var whole = text + "7"
        let expected = whole.withUTF8 { SHA256Digest.hex($0) }
        #expect(SHA256Digest.hex(words: hasher.finalizeWords()) == expected)
    }

    @Test func aFileWithTheAnnouncedDigestIsKeptAndOneWithAnotherIsRemoved() async throws {
        let good = Self.sha256
        let server = try LoopbackServer { request in
            let digest = request.path == "/app/good" ? good : Data(repeating: 1, count: 32).base64EncodedString()
            return .respond(status: 200, headers: ["Repr-Digest": "sha-256=:\(digest):"], body: Self.content)
        }
        let client = try makeClient(server)
        let folder = try makeScratchFolder("ron-checks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = try await client.download(AppRequest(path: "/good"), to: folder.appendingPathComponent("good"))
        #expect(kept.verifiedSHA256?.count == 64)
        do {
            _ = try await client.download(
                AppRequest(path: "/bad"), to: folder.appendingPathComponent("bad"),
                options: RonDownloadOptions(resumable: true))
            Issue.record("a file with the wrong digest was kept")
        } catch {
            #expect(error.code == "download_digest_mismatch")
        }
        #expect(try fileNames(in: folder) == ["good"])
    }

    @Test func aBodyShorterThanItsContentLengthIsNotMovedIntoPlace() async throws {
        let server = try LoopbackServer { _ in
            .raw(
                Data("HTTP/1.1 200 OK\r\nContent-Length: 5000\r\nConnection: close\r\n\r\n".utf8)
                    + Self.content.prefix(1200))
        }
        let client = try makeClient(server)
        let folder = try makeScratchFolder("ron-checks")
        defer { try? FileManager.default.removeItem(at: folder) }
        await #expect(throws: RonProblem.self) {
            _ = try await client.download(AppRequest(path: "/cut"), to: folder.appendingPathComponent("cut"))
        }
        #expect(try fileNames(in: folder).isEmpty)
    }

    /// A resume sends `Range` and `If-Range`; a `206` that starts elsewhere is refused, a `200`
    /// (the file changed) starts over, a `416` starts over.
    @Test(arguments: ["mismatch", "changed", "unsatisfiable"])
    func aResumeTakesOnlyARangeThatContinuesThePartialFile(answer: String) async throws {
        let requests = Collector<LoopbackServer.Request>()
        let server = try LoopbackServer { request in
            requests.append(request)
            guard request.header("range") != nil else {
                return .respond(status: 200, headers: ["ETag": "\"v2\"", "Accept-Ranges": "bytes"], body: Self.content)
            }
            switch answer {
            case "mismatch":
                return .respond(
                    status: 206, headers: ["Content-Range": "bytes 0-4999/5000", "ETag": "\"v1\""], body: Self.content)
            case "changed":
                return .respond(status: 200, headers: ["ETag": "\"v2\"", "Accept-Ranges": "bytes"], body: Self.content)
            default:
                return .respond(status: 416, headers: ["Content-Range": "bytes */5000"])
            }
        }
        let client = try makeClient(server)
        let folder = try makeScratchFolder("ron-checks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file")
        try Data(repeating: 9, count: 2000).write(to: RonDownloadResumeData.partialFile(for: file))
        let url = server.baseURL.appendingPathComponent("app/file")
        try JSONEncoder().encode(RonDownloadResumeData(url: url, validator: "\"v1\"", totalBytes: 5000))
            .write(to: RonDownloadResumeData.recordFile(for: file))
        let options = RonDownloadOptions(resumable: true)
        if answer == "mismatch" {
            await #expect(throws: RonProblem.self) {
                _ = try await client.download(AppRequest(path: "/file"), to: file, options: options)
            }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        } else {
            let result = try await client.download(AppRequest(path: "/file"), to: file, options: options)
            #expect(result.resumedFromBytes == 0)
            #expect(try Data(contentsOf: file) == Self.content)
            #expect(try fileNames(in: folder) == ["file"])
        }
        let first = requests.values.first
        #expect(first?.header("range") == "bytes=2000-")
        #expect(first?.header("if-range") == "\"v1\"")
        #expect(first?.header("accept-encoding") == "identity")
    }

    @Test func anExistingFileIsKeptWhenReplacingIsNotAllowed() async throws {
        let server = try LoopbackServer { _ in .respond(status: 200, body: Self.content) }
        let client = try makeClient(server)
        let folder = try makeScratchFolder("ron-checks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("there")
        try Data("mine".utf8).write(to: file)
        do {
            _ = try await client.download(
                AppRequest(path: "/x"), to: file, options: RonDownloadOptions(replaceExisting: false))
            Issue.record("the file was replaced")
        } catch {
            #expect(error.code == "download_destination_exists")
        }
        #expect(try Data(contentsOf: file) == Data("mine".utf8))
        let replaced = try await client.download(AppRequest(path: "/x"), to: file)
        #expect(replaced.bytes == 5000)
        #expect(try Data(contentsOf: file) == Self.content)
    }

    @Test func aStreamedBodyIsNotCappedByTheWholeBodyLimitButByItsOwn() async throws {
        let big = Data(repeating: 42, count: RonSDK.maxResponseBytes + 100_000)
        let server = try LoopbackServer { _ in .respond(status: 200, body: big) }
        let client = try makeClient(server)
        let response = try await client.stream(AppRequest(path: "/big"))
        #expect(response.expectedBytes == Int64(big.count))
        var count = 0
        for try await chunk in response.body { count += chunk.count }
        #expect(count == big.count)
        let capped = try await client.stream(AppRequest(path: "/big"), maxBytes: 500_000)
        do {
            for try await _ in capped.body {}
            Issue.record("the cap was not applied")
        } catch let problem as RonProblem {
            #expect(problem.code == "response_too_large")
        }
    }
}
