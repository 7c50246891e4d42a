import Foundation
import RonAppSdkSwift

extension DemoCommand {
    /// A 4 MiB download from the gateway's file route with its progress drawn as it comes, checked
    /// against the route's SHA-256; then the same file uploaded from disk to the upload sink, its
    /// progress drawn too, and the sink answers the length and digest it got.
    static func transfers(_ client: RonClient) async -> Int {
        let size = 4 << 20
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("file.bin")
            let drawn = ProgressLine()
            let result = try await client.download(
                AppRequest(path: "/_test/file", query: ["bytes": String(size), "digest": "1"]), to: file,
                progress: RonProgressReporter { drawn.draw($0) })
            drawn.end()
            let downloaded = result.bytes == Int64(size) && result.verifiedSHA256 != nil
            print("\(downloaded ? "✓" : "✗") GET /app/_test/file → \(result.bytes) bytes to a file, SHA-256 checked")
            print("    sha-256 \(result.verifiedSHA256 ?? "-")")
            struct Sunk: Decodable {
                var bytes: Int
                var sha256: String
            }
            let sent = ProgressLine()
            let sunk: AppResponse<Sunk> = await client.request(
                AppRequest(method: .post, path: "/_test/upload-sink", body: try AppRequestBody.file(file))
                    .uploadProgress(RonProgressReporter { sent.draw($0) }))
            sent.end()
            let uploaded = (try? sunk.value()).map { $0.bytes == size && $0.sha256 == result.verifiedSHA256 } ?? false
            print("\(uploaded ? "✓" : "✗") POST /app/_test/upload-sink → the gateway counted and hashed the same bytes")
            print(
                "    \((try? sunk.value()).map { "\($0.bytes) bytes, sha-256 \($0.sha256)" } ?? "\(sunk.problem?.code ?? "")")"
            )
            return (downloaded ? 0 : 1) + (uploaded ? 0 : 1)
        } catch {
            print("✗ transfers: \(error)")
            return 1
        }
    }
}

/// Draws transfer progress on one terminal line, at most once per whole percent.
private final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var percent = -1

    func draw(_ progress: RonTransferProgress) {
        let now = Int((progress.fractionCompleted ?? 0) * 100)
        let changed = lock.withLock {
            guard now != percent else { return false }
            percent = now
            return true
        }
        guard changed else { return }
        let bar = String(repeating: "#", count: now / 5).padding(toLength: 20, withPad: " ", startingAt: 0)
        FileHandle.standardOutput.write(Data("\r    [\(bar)] \(now)% of \(progress.expectedBytes ?? 0) bytes".utf8))
    }

    func end() { print("") }
}
