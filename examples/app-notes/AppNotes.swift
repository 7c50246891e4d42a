// An app-style walk through two features an app leans on: reading a list page by page, and a
// write that survives having no connection (and a restart) through the offline queue.
//
//   RON_SDK_GATEWAY_ADDR=http://127.0.0.1:8080 RON_SDK_INSECURE_HTTP=1 swift run example-app-notes
import Foundation
import RonAppSdkSwift

/// The note the app writes; `/app/echo` answers with what it was sent.
struct Note: Codable, Sendable {
    var text: String
}

@main
enum AppNotes {
    static func main() async {
        do {
            try await run()
        } catch {
            FileHandle.standardError.write(Data("app-notes: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run() async throws {
        let client = try RonClient(config: RonConfig.fromEnvironment())
        defer { client.close() }

        // 1. Pagination: walk the list five at a time; `pages` follows next_page_token.
        var names: [String] = []
        for try await page in client.pages(Item.self, path: "/items", pageSize: 5) {
            names += page.items.map(\.name)
        }
        print("items: \(names.count) in pages of 5, first \(names.first ?? "-")")
        guard !names.isEmpty else { throw ExampleFailure("the item list is empty") }

        // 2. Offline queue: while the node cannot be reached the write is stored in a file...
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("app-notes-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let unreachable = try RonClient(
            config: RonConfig(
                baseUrl: URL(string: "http://127.0.0.1:9")!, overallTimeoutMs: 2_000, allowInsecureHttp: true))
        defer { unreachable.close() }
        let offline = try RonOfflineQueue(fileURL: file, client: unreachable)
        let note = AppRequest(method: .post, path: "/echo", body: try .json(Note(text: "written offline")))
        guard case .queued(let entry) = try await offline.submit(note) else {
            throw ExampleFailure("the write was not queued while offline")
        }
        print("offline: stored \(entry.id)")
        await offline.close()  // one queue per file at a time: a second one would fail with `locked`

        // ...and a queue opened on the same file later (say after a restart) delivers it.
        let online = try RonOfflineQueue(fileURL: file, client: client)
        let report = await online.flush()
        guard report.delivered.count == 1, report.remaining == 0 else {
            throw ExampleFailure("the queued write was not delivered: \(report)")
        }
        print("online: delivered \(report.delivered.count), \(report.remaining) left")
    }
}

/// Why the example stopped.
struct ExampleFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
