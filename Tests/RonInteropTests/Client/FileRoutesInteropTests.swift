import Foundation
import RonAppSdkSwift
import RonGateway
import RonTestSupport
import Testing

/// The gateway's file routes with the client's downloads: ranges, validators, digests, drips, and
/// an upload sink that takes more than the 1 MiB body cap.
@Suite struct FileRoutesInteropTests {
    static func pattern(_ range: Range<Int>) -> Data {
        Data(range.map { UInt8(truncatingIfNeeded: $0 % 251) })
    }

    @Test func aDownloadIsCheckedAgainstTheGatewaysDigestAndResumedWithARange() async throws {
        try await withGateway { base in
            let client = try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true))
            let folder = try makeScratchFolder("ron-interop")
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("file.bin")
            let request = AppRequest(path: "/_test/file", query: ["bytes": "300000", "digest": "1"])
            let whole = try await client.download(request, to: file)
            #expect(whole.verifiedSHA256 != nil)
            #expect(whole.headers["etag"] == "\"file-300000\"")
            #expect(try Data(contentsOf: file) == Self.pattern(0..<300_000))
            // An interrupted first part, as a resumable download leaves it.
            let resumed = folder.appendingPathComponent("resumed.bin")
            try Self.pattern(0..<123_457).write(to: RonDownloadResumeData.partialFile(for: resumed))
            let url = try #require(URL(string: base.absoluteString + "/app/_test/file?bytes=300000&digest=1"))
            try JSONEncoder().encode(RonDownloadResumeData(url: url, validator: "\"file-300000\"", totalBytes: 300_000))
                .write(to: RonDownloadResumeData.recordFile(for: resumed))
            let second = try await client.download(
                request, to: resumed, options: RonDownloadOptions(resumable: true))
            #expect(second.status == 206)
            #expect(second.resumedFromBytes == 123_457)
            #expect(second.verifiedSHA256 == whole.verifiedSHA256)
            #expect(try Data(contentsOf: resumed) == Data(contentsOf: file))
        }
    }

    @Test func theFileRouteAnswersRangesAsRFC9110Says() async throws {
        try await withGateway { base in
            let suffix = try await HTTPExchange.send(
                url(base, "/app/_test/file?bytes=1000"), headers: ["Range": "bytes=-10"])
            #expect(suffix.status == 206)
            #expect(suffix.body == Self.pattern(990..<1000))
            let stale = try await HTTPExchange.send(
                url(base, "/app/_test/file?bytes=1000"), headers: ["Range": "bytes=10-", "If-Range": "\"other\""])
            #expect(stale.status == 200)
            #expect(stale.body.count == 1000)
            let past = try await HTTPExchange.send(
                url(base, "/app/_test/file?bytes=1000"), headers: ["Range": "bytes=1000-"])
            #expect(past.status == 416)
        }
    }

    @Test func theDripIsReportedChunkByChunk() async throws {
        try await withGateway { base in
            let client = try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true))
            let folder = try makeScratchFolder("ron-interop")
            defer { try? FileManager.default.removeItem(at: folder) }
            let reports = LockedValues()
            let result = try await client.download(
                AppRequest(path: "/_test/drip", query: ["bytes": "400", "chunk": "100", "interval_ms": "50"]),
                to: folder.appendingPathComponent("drip"), progress: RonProgressReporter { reports.append($0) })
            #expect(result.bytes == 400)
            let values = reports.values
            #expect(values.count >= 4)
            #expect(values.map(\.completedBytes) == values.map(\.completedBytes).sorted())
            #expect(values.last == RonTransferProgress(completedBytes: 400, expectedBytes: 400))
        }
    }

    @Test func theUploadSinkCountsAndHashesABodyPastTheBodyCap() async throws {
        try await withGateway { base in
            let client = try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true))
            let body = Self.pattern(0..<3_000_000)
            struct Sunk: Decodable {
                var bytes: Int
                var sha256: String
            }
            let answer: AppResponse<Sunk> = await client.request(
                AppRequest(method: .post, path: "/_test/upload-sink", body: AppRequestBody(data: body)))
            let sunk = try answer.value()
            #expect(sunk.bytes == 3_000_000)
            let file = try makeScratchFolder("ron-interop")
            defer { try? FileManager.default.removeItem(at: file) }
            try body.write(to: file.appendingPathComponent("body"))
            let served = try await client.download(
                AppRequest(path: "/_test/file", query: ["bytes": "3000000", "digest": "1"]),
                to: file.appendingPathComponent("copy"))
            #expect(served.verifiedSHA256 == sunk.sha256)
        }
    }
}

/// Progress values collected from any thread.
final class LockedValues: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [RonTransferProgress] = []
    func append(_ value: RonTransferProgress) { lock.withLock { stored.append(value) } }
    var values: [RonTransferProgress] { lock.withLock { stored } }
}

/// A stream read long after the network delivered it: on Linux, where FoundationNetworking cannot
/// pause a transfer, the bytes past the channel's mark wait in an unlinked temporary file, and come
/// back whole and in order.
@Suite struct SlowReaderInteropTests {
    /// The open descriptors of this process that name a spill file (Linux's `/proc`; empty elsewhere).
    static func spillDescriptors(holdingData: Bool = false) -> [String] {
        let folder = "/proc/self/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name)
            guard let target, target.contains("ron-spill-") else { return nil }
            #if os(Linux)
                // stat through the descriptor's link reaches the file even once it is unlinked.
                var status = stat()
                if holdingData, stat(folder + "/" + name, &status) != 0 || status.st_size == 0 { return nil }
            #endif
            return target
        }
    }

    @Test func aReaderFarBehindTheNetworkGetsEveryByteInOrder() async throws {
        try await withGateway { base in
            let client = try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true))
            let size = 24 << 20
            let response = try await client.stream(AppRequest(path: "/_test/file", query: ["bytes": String(size)]))
            #if os(Linux)
                // The body outruns a reader that has not started: it spills once 1 MiB waits. The
                // file is looked at once bytes are in it (between its creation and its unlink, a
                // moment earlier, it still has a name): by then it has none.
                let clock = ContinuousClock()
                let deadline = clock.now.advanced(by: .seconds(30))
                while Self.spillDescriptors(holdingData: true).isEmpty, clock.now < deadline {
                    try await Task.sleep(for: .milliseconds(5))
                }
                let spilled = Self.spillDescriptors(holdingData: true)
                #expect(spilled.count == 1)
                #expect(spilled.allSatisfy { $0.hasSuffix("(deleted)") }, "the spill file is unlinked at once")
            #endif
            var offset = 0
            var wrong: Int?
            for try await chunk in response.body {
                for (index, byte) in chunk.enumerated() where wrong == nil {
                    if byte != UInt8(truncatingIfNeeded: (offset + index) % 251) { wrong = offset + index }
                }
                offset += chunk.count
            }
            #expect(offset == size)
            #expect(wrong == nil, "the first wrong byte")
            #expect(Self.spillDescriptors().isEmpty, "the spill file is closed with the stream")
        }
    }
}
