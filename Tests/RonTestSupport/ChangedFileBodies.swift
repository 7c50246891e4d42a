import Foundation
import RonAppSdkSwift

/// File bodies whose file changed between making the body and sending it, sent by a client: the
/// same cases for every transport (a file removed, cut short, grown; a multipart file part cut
/// short; a file cut short while it is sent), so each transport's test checks the same answers.
package enum ChangedFileBodies {
    /// One case and the client's answer.
    package struct Outcome: Sendable {
        /// What changed.
        package let name: String
        /// The file whose change the problem must name.
        package let path: String
        /// The call's answer.
        package let response: AppResponse<Data>

        /// What is wrong with the answer; empty when it is a local, non-retryable `encode_failed`
        /// problem that names the file.
        package var complaints: [String] {
            guard response.status == 0, let problem = response.problem else {
                return ["\(name): status \(response.status) without a local problem"]
            }
            var found: [String] = []
            if problem.code != "encode_failed" || problem.kind != "local" {
                found.append("\(name): \(problem.code) (\(problem.kind ?? "no kind")), not a local encode_failed")
            }
            if problem.retryable != false {
                found.append("\(name): retryable is \(String(describing: problem.retryable))")
            }
            if !problem.message.contains(path) {
                found.append("\(name): the message does not name \(path): \(problem.message)")
            }
            return found
        }
    }

    /// Sends each case as an idempotent POST to `path` with `client` (which should retry, so a
    /// test sees that these failures are not retried), in a fresh folder removed afterwards.
    package static func send(_ client: RonClient, path: String) async throws -> [Outcome] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-changed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = Data(repeating: 7, count: 300_000)
        var outcomes: [Outcome] = []

        func file(_ name: String) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try original.write(to: url)
            return url
        }
        func send(_ name: String, _ url: URL, _ body: AppRequestBody, progress: RonProgressReporter? = nil) async {
            var request = AppRequest(method: .post, path: path, body: body, idempotent: true)
            request.uploadProgress = progress
            outcomes.append(Outcome(name: name, path: url.path, response: await client.request(request)))
        }

        let removed = try file("removed.bin")
        let removedBody = try AppRequestBody.file(removed)
        try FileManager.default.removeItem(at: removed)
        await send("removed", removed, removedBody)

        let shorter = try file("shorter.bin")
        let shorterBody = try AppRequestBody.file(shorter)
        try original.prefix(1_000).write(to: shorter)
        await send("cut short", shorter, shorterBody)

        let longer = try file("longer.bin")
        let longerBody = try AppRequestBody.file(longer)
        try (original + original).write(to: longer)
        await send("grown", longer, longerBody)

        let part = try file("part.bin")
        var form = RonMultipartForm()
        form.append("note", value: "a field first")
        try form.append("attachment", fileURL: part)
        let multipart = try AppRequestBody.multipart(form)
        try original.prefix(1_000).write(to: part)
        await send("multipart part cut short", part, multipart)
        // Cut short once the first bytes went: the transport has already sent the head.
        let during = folder.appendingPathComponent("during.bin")
        try Data(repeating: 9, count: 8 << 20).write(to: during)
        let duringBody = try AppRequestBody.file(during)
        let cut = Locked(false)
        let cutter = RonProgressReporter { _ in
            guard
                cut.update({ done in
                    defer { done = true }
                    return !done
                })
            else { return }
            let handle = try? FileHandle(forWritingTo: during)
            try? handle?.truncate(atOffset: 1_000)
            try? handle?.close()
        }
        await send("cut short while sent", during, duringBody, progress: cutter)
        return outcomes
    }
}
