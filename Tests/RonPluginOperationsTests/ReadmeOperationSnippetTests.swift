import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// The `swift user-schema` blocks of README.md and the DocC articles, word for word
/// (`.ci/readme_snippets.py` holds them to this file), run against a loopback server with this target's schema (Schema/gadgets.openapi.json).
@Suite struct ReadmeOperationSnippetTests {
    @Test func readmeGeneratedMultipartUploadAndByteStream() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let server = try LoopbackServer { request in
            request.method == "POST"
                ? .text(200, "p-1") : .respond(status: 200, headers: ["Content-Type": "image/png"], body: png)
        }
        defer { server.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        defer { client.close() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photoURL = folder.appendingPathComponent("front.png")
        try png.write(to: photoURL)
        let checksum = "9f86d081"
        var received = Data()
        func consume(_ chunk: Data) { received.append(chunk) }

        let photo = try RonMultipartFile(fileURL: photoURL)  // read from disk as it is sent; filename "front.png"
        let form = UploadGadgetPhotoForm(title: "Front", tags: ["new"], photo: photo, photoXChecksum: checksum)
        let uploaded = await client.uploadGadgetPhoto(gadgetId: "g-1", body: form)  // AppResponse<String>
        print(uploaded.data ?? "")
        let image = try await client.gadgetPhotoStream(gadgetId: "g-1")  // an image/png answer, as it arrives
        for try await chunk in image.body { consume(chunk) }

        #expect(uploaded.data == "p-1")
        #expect(received == png)
        let sent = try #require(server.requests.first)
        let parts = try MultipartOperationTests.parts(sent.body, contentType: sent.header("content-type"))
        #expect(parts.map(\.name) == ["title", "tags", "photo"])
        #expect(parts[2].filename == "front.png" && parts[2].headers["content-type"] == "image/png")
        #expect(parts[2].headers["x-checksum"] == checksum && parts[2].body == png)
    }
}
