import Foundation
import RonAppSdkSwift
import RonGateway
import RonTestSupport
import Testing

/// `RonBackgroundTransfers` against the gateway. On Linux the session is an ordinary one in the
/// process (FoundationNetworking has no background sessions); the events, the move into place and
/// the prepared headers are the same code as on Apple platforms.
@Suite struct BackgroundTransfersInteropTests {
    @Test func aDownloadIsMovedIntoPlaceAndAnUploadIsAnswered() async throws {
        try await withGateway { base in
            let client = try RonClient(
                config: RonConfig(baseUrl: base, authToken: "secret-token", allowInsecureHttp: true))
            let folder = try makeScratchFolder("ron-interop")
            defer { try? FileManager.default.removeItem(at: folder) }
            let (events, continuation) = AsyncStream.makeStream(of: RonBackgroundTransferEvent.self)
            let transfers = RonBackgroundTransfers(identifier: "ron-tests", client: client) {
                continuation.yield($0)
            }
            defer { transfers.invalidate() }
            let destination = folder.appendingPathComponent("file.bin")
            let downloadId = try await transfers.download(
                AppRequest(path: "/_test/file", query: ["bytes": "200000"]), to: destination)
            let upload = folder.appendingPathComponent("upload.bin")
            try Data(repeating: 7, count: 150_000).write(to: upload)
            let uploadId = try await transfers.upload(
                AppRequest(method: .post, path: "/_test/upload-sink"), fromFile: upload)
            var downloaded = false
            var uploadedBody: Data?
            var progressed = false
            for await event in events {
                switch event {
                case .progress(let id, let value):
                    if id == downloadId, value.completedBytes > 0 { progressed = true }
                case .downloaded(let id, let file, let status):
                    #expect(id == downloadId)
                    #expect(status == 200)
                    #expect(file == destination)
                    downloaded = true
                case .uploaded(let id, _, let body):
                    #expect(id == uploadId)
                    uploadedBody = body
                case .failed(let id, let problem):
                    Issue.record("transfer \(id) failed: \(problem.code) \(problem.message)")
                    downloaded = true
                    uploadedBody = Data()
                }
                if downloaded, uploadedBody != nil { break }
            }
            #expect(progressed)
            #expect(try Data(contentsOf: destination).count == 200_000)
            #expect(String(decoding: uploadedBody ?? Data(), as: UTF8.self).contains(#""bytes":150000"#))
        }
    }
}
