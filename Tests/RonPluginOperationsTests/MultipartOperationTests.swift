import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// A generated call whose request body is `multipart/form-data`: one part per property, kinds by
/// OpenAPI's defaults, the `encoding` object's content types and part headers; and a binary answer
/// read as bytes or as a stream.
@Suite struct MultipartOperationTests {
    /// A part as it went out: its header fields (lower-cased names) and bytes.
    struct SentPart {
        var headers: [String: String]
        var body: Data
        var name: String? { disposition("name") }
        var filename: String? { disposition("filename") }

        func disposition(_ key: String) -> String? {
            guard let value = headers["content-disposition"] else { return nil }
            for item in value.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
                if pair.count == 2, pair[0] == key { return String(pair[1].dropFirst().dropLast()) }
            }
            return nil
        }
    }

    /// Splits a body at its boundary (from `contentType`), failing on anything malformed.
    static func parts(_ body: Data, contentType: String?) throws -> [SentPart] {
        let media = try #require(contentType)
        let boundary = try #require(media.components(separatedBy: "boundary=").last)
        #expect(media.hasPrefix("multipart/form-data; boundary="))
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        let crlf: [UInt8] = [13, 10]
        #expect(bytes.suffix(delimiter.count + 4).elementsEqual(delimiter + Array("--".utf8) + crlf))
        // The offsets where a delimiter starts.
        var starts: [Int] = []
        var index = 0
        while index + delimiter.count <= bytes.count {
            if bytes[index..<(index + delimiter.count)].elementsEqual(delimiter) {
                starts.append(index)
                index += delimiter.count
            } else {
                index += 1
            }
        }
        var result: [SentPart] = []
        for (start, end) in zip(starts, starts.dropFirst()) {
            // delimiter CRLF headers CRLF CRLF content CRLF (next delimiter)
            let chunk = Array(bytes[(start + delimiter.count)..<end])
            #expect(chunk.prefix(2).elementsEqual(crlf) && chunk.suffix(2).elementsEqual(crlf))
            let inner = Array(chunk.dropFirst(2).dropLast(2))
            var split = 0
            while split + 4 <= inner.count, !inner[split..<(split + 4)].elementsEqual(crlf + crlf) { split += 1 }
            try #require(split + 4 <= inner.count)
            var headers: [String: String] = [:]
            for line in String(decoding: inner[..<split], as: UTF8.self).components(separatedBy: "\r\n") {
                let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                headers[pair[0].lowercased()] = pair[1]
            }
            result.append(SentPart(headers: headers, body: Data(inner[(split + 4)...])))
        }
        return result
    }

    @Test func everyKindOfPartGoesOutAsTheSchemaAndItsEncodingSay() async throws {
        let server = try LoopbackServer { _ in .text(200, "p-1") }
        defer { server.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        defer { client.close() }
        let form = UploadGadgetPhotoForm(
            title: "Front \"view\"", taken: Date(timeIntervalSince1970: 1_700_000_000), rating: 5, color: .blue,
            tags: ["a", "b c"], note: GadgetNote(text: "shiny", tags: nil, urgent: true),
            photo: RonMultipartFile(data: Data([0x89, 0x50, 0x4E, 0x47]), filename: "front.png"),
            photoXChecksum: "abc123", photoXCameraIso: 400,
            thumbnails: [
                RonMultipartFile(data: Data("t1".utf8), filename: "t1.jpg"),
                RonMultipartFile(data: Data("t2".utf8), filename: "t2.webp", contentType: "image/webp"),
            ],
            raw: RonMultipartFile(data: Data("raw".utf8)))
        let answer = await client.uploadGadgetPhoto(gadgetId: "g-1", body: form)
        #expect(answer.data == "p-1")
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.target == "/app/gadgets/g-1/photos")
        let parts = try Self.parts(request.body, contentType: request.header("content-type"))
        #expect(
            parts.map(\.name) == [
                "title", "taken", "rating", "color", "tags", "tags", "note", "photo", "thumbnails", "thumbnails", "raw",
            ])
        func body(_ index: Int) -> String { String(decoding: parts[index].body, as: UTF8.self) }
        // Text parts: the value's text, no Content-Type unless the encoding gives one.
        #expect(body(0) == "Front \"view\"")
        #expect(parts[0].headers["content-type"] == nil)
        #expect(parts[0].headers["content-disposition"] == "form-data; name=\"title\"")
        #expect(body(1) == "2023-11-14T22:13:20Z")
        #expect(body(2) == "5")
        #expect(parts[2].headers["content-type"] == "text/plain; charset=utf-8")
        #expect(body(3) == "blue")
        #expect([body(4), body(5)] == ["a", "b c"])
        // An object: JSON.
        #expect(parts[6].headers["content-type"] == "application/json")
        let note = try JSONDecoder().decode(GadgetNote.self, from: parts[6].body)
        #expect(note.text == "shiny" && note.urgent == true)
        // The binary part: the encoding's first media type, its headers, the file name.
        #expect(parts[7].body == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(parts[7].filename == "front.png")
        #expect(parts[7].headers["content-type"] == "image/png")
        #expect(parts[7].headers["x-checksum"] == "abc123")
        #expect(parts[7].headers["x-camera-iso"] == "400")
        // An array of binary: one part each; a file's own media type wins over the encoding's.
        #expect(parts[8].headers["content-type"] == "image/jpeg")
        #expect(parts[9].headers["content-type"] == "image/webp")
        #expect([body(8), body(9)] == ["t1", "t2"])
        // No schema: application/octet-stream, and no file name when none was given.
        #expect(parts[10].headers["content-type"] == "application/octet-stream")
        #expect(parts[10].filename == nil)
    }

    @Test func optionalPartsLeftNilSendNoPart() async throws {
        let server = try LoopbackServer { _ in .text(200, "p-2") }
        defer { server.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        defer { client.close() }
        let photo = RonMultipartFile(data: Data("png".utf8), filename: "p.png", contentType: "image/jpeg")
        let answer = await client.uploadGadgetPhoto(
            gadgetId: "g-2", body: UploadGadgetPhotoForm(title: "t", photo: photo, photoXChecksum: "c"))
        #expect(answer.data == "p-2")
        let request = try #require(server.requests.first)
        let parts = try Self.parts(request.body, contentType: request.header("content-type"))
        #expect(parts.map(\.name) == ["title", "photo"])
        #expect(parts[1].headers["content-type"] == "image/jpeg")
        #expect(parts[1].headers["x-camera-iso"] == nil)
        #expect(request.header("content-length") == String(request.body.count))
    }

    /// An array goes as one part per element, so an empty one is no part at all: what the mock
    /// (`RonMock`, MockMultipartValidationTests) accepts for a required array as an empty array.
    @Test func anEmptyArraySendsNoPart() async throws {
        let server = try LoopbackServer { _ in .text(200, "p-4") }
        defer { server.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        defer { client.close() }
        let photo = RonMultipartFile(data: Data("png".utf8), filename: "p.png", contentType: "image/jpeg")
        let form = UploadGadgetPhotoForm(title: "t", tags: [], photo: photo, photoXChecksum: "c", thumbnails: [])
        _ = await client.uploadGadgetPhoto(gadgetId: "g-4", body: form)
        let request = try #require(server.requests.first)
        let parts = try Self.parts(request.body, contentType: request.header("content-type"))
        #expect(parts.map(\.name) == ["title", "photo"])
    }

    @Test func aFilePartIsReadFromDiskAndAMissingFileIsALocalProblem() async throws {
        let server = try LoopbackServer { _ in .text(200, "p-3") }
        defer { server.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        defer { client.close() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-mp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.png")
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: file)
        let answer = await client.uploadGadgetPhoto(
            gadgetId: "g-3",
            body: UploadGadgetPhotoForm(title: "disk", photo: try RonMultipartFile(fileURL: file), photoXChecksum: "d"))
        #expect(answer.data == "p-3")
        let request = try #require(server.requests.first)
        let raw = request.body
        #expect(raw.range(of: bytes) != nil)
        #expect(raw.range(of: Data("filename=\"big.png\"".utf8)) != nil)

        #expect(throws: LocalNetworkError.self) {
            _ = try RonMultipartFile(fileURL: folder.appendingPathComponent("missing.png"))
        }
    }

    @Test func aBinaryAnswerComesAsBytesOrAsAStream() async throws {
        let image = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0) })
        let server = try LoopbackServer { request in
            #expect(request.target == "/app/gadgets/g-1/photo?size=64")
            return .respond(status: 200, headers: ["Content-Type": "image/png"], body: image)
        }
        defer { server.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        defer { client.close() }
        let whole = await client.gadgetPhoto(gadgetId: "g-1", size: 64)
        #expect(whole.data == image)
        let streamed = try await client.gadgetPhotoStream(gadgetId: "g-1", size: 64)
        #expect(streamed.status == 200)
        var received = Data()
        for try await chunk in streamed.body { received.append(chunk) }
        #expect(received == image)
        await #expect(throws: RonProblem.self) {
            let limited = try await client.gadgetPhotoStream(gadgetId: "g-1", size: 64, maxBytes: 1_000)
            for try await _ in limited.body {}
        }
    }
}

/// A generated call whose request body is bytes of a media type other than JSON and forms.
@Suite struct RawBodyOperationTests {
    @Test func bytesGoOutAsTheyAreWithTheSchemasMediaTypeOrTheCallers() async throws {
        let server = try LoopbackServer { _ in .respond(status: 204) }
        defer { server.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        defer { client.close() }
        let pdf = Data("%PDF-1.7 manual".utf8)
        let stored = await client.putGadgetManual(gadgetId: "g-1", body: .data(pdf))
        #expect(stored.status == 204)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-raw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("manual.pdf")
        try pdf.write(to: file)
        let fromDisk = await client.putGadgetManual(
            gadgetId: "g-1", body: try .file(file), contentType: "application/x-pdf")
        #expect(fromDisk.status == 204)
        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests.map(\.method) == ["PUT", "PUT"])
        #expect(requests.map(\.body) == [pdf, pdf])
        #expect(requests.map { $0.header("content-type") } == ["application/pdf", "application/x-pdf"])
    }
}
