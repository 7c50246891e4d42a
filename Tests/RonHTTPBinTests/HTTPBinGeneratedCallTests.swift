import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// Calls generated from this target's own `Schema/httpbin.openapi.json`, as httpbin reads them: a
/// multipart body (text, JSON and file parts, the `encoding` object's media type), a url-encoded
/// form whose `encoding` object joins, explodes and JSON-encodes members, and binary answers as
/// bytes and as a stream.
@Suite struct HTTPBinGeneratedCallTests {
    static func text(_ value: JSONValue?) -> String? {
        guard case .string(let text)? = value else { return nil }
        return text
    }

    @Test func aGeneratedMultipartCallArrivesAsTheSchemaSays() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let png = Upload.randomBytes(300_000)
        let pdf = Upload.randomBytes(20_000)
        let pdfURL = try Upload.file(pdf, name: "terms.pdf")
        defer { try? FileManager.default.removeItem(at: pdfURL.deletingLastPathComponent()) }
        let form = PostListingForm(
            title: "Bike – ünïcode", price: 120.5, listed: true, tags: ["red", "fast"],
            seller: Seller(name: "Ada", rating: 5), photo: RonMultipartFile(data: png, filename: "bike.png"),
            attachments: [try RonMultipartFile(fileURL: pdfURL), RonMultipartFile(data: Data("notes".utf8))])
        let answer = await client.postListing(body: form)
        let echo = try #require(answer.data, "\(answer.problem.map(String.init(describing:)) ?? "no answer")")
        let fields = try #require(echo.form)
        #expect(fields["title"] == .string("Bike – ünïcode"))
        #expect(fields["price"] == .string("120.5"))
        #expect(fields["listed"] == .string("true"))
        #expect(fields["tags"] == .array([.string("red"), .string("fast")]))
        // A JSON part without a file name is a field to httpbin: its text is the JSON.
        let seller = try #require(Self.text(fields["seller"]))
        #expect(try JSONDecoder().decode(Seller.self, from: Data(seller.utf8)) == Seller(name: "Ada", rating: 5))
        let files = try #require(echo.files)
        let photo = try #require(Self.text(files["photo"]))
        #expect(String(photo.prefix(22)) == "data:image/png;base64,")
        #expect(Upload.bytes(ofDataURL: photo) == png)
        // The file from disk (its own name) and the unnamed bytes, in order, with the schema's media type.
        let attachment = try #require(Self.text(files["attachments"]))
        #expect(String(attachment.prefix(28)) == "data:application/pdf;base64,")
        #expect(Upload.bytes(ofDataURL: attachment) == pdf)
        #expect(fields["attachments"] == .string("notes"))
    }

    @Test func aGeneratedFormCallFollowsItsEncodingObject() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let answer = await client.postSearch(
            body: PostSearchRequest(
                query: "a&b c", colors: ["red", "blue"], sizes: [1, 2, 3], labels: ["x", "y"],
                range: PriceRange(low: 10, high: 20), seller: Seller(name: "Bo", rating: nil)))
        let echo = try #require(answer.data, "\(answer.problem.map(String.init(describing:)) ?? "no answer")")
        let fields = try #require(echo.form)
        #expect(fields["query"] == .string("a&b c"))
        #expect(fields["colors"] == .string("red,blue"))
        #expect(fields["sizes"] == .string("1|2|3"))
        #expect(fields["labels"] == .array([.string("x"), .string("y")]))
        #expect(fields["low"] == .string("10"))
        #expect(fields["high"] == .string("20"))
        #expect(fields["range"] == nil)
        #expect(fields["seller"] == .string(#"{"name":"Bo"}"#))
    }

    @Test func aBinaryAnswerComesWholeOrStreamed() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let whole = await client.randomBytes(n: 5_000, seed: 7)
        let bytes = try #require(whole.data)
        #expect(bytes.count == 5_000)
        let streamed = try await client.randomBytesStream(n: 5_000, seed: 7)
        var received = Data()
        for try await chunk in streamed.body { received.append(chunk) }
        // The same seed, the same bytes.
        #expect(received == bytes)
        let image = await client.pngImage()
        #expect(image.data?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        #expect(image.headers["content-type"] == "image/png")
        await #expect(throws: RonProblem.self) {
            let limited = try await client.randomBytesStream(n: 5_000, maxBytes: 100)
            for try await _ in limited.body {}
        }
    }

    @Test func aBinaryAnswerDownloadsToAFileWithProgress() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-twin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("random.bin")
        let reports = Collector<RonTransferProgress>()
        let result = try await client.randomBytesDownload(
            n: 50_000, seed: 11, to: file, progress: RonProgressReporter { reports.append($0) })
        #expect(result.status == 200)
        let whole = try #require(await client.randomBytes(n: 50_000, seed: 11).data)
        #expect(try Data(contentsOf: file) == whole)
        #expect(reports.values.last?.completedBytes == 50_000)
        // The options reach the download: a file already there is kept when they say so.
        await #expect(throws: RonProblem.self) {
            _ = try await client.randomBytesDownload(
                n: 10, to: file, options: RonDownloadOptions(replaceExisting: false))
        }
        #expect(try Data(contentsOf: file) == whole)
    }

    @Test func aGeneratedUploadReportsItsProgress() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let png = Upload.randomBytes(400_000)
        let form = PostListingForm(
            title: "Lamp", price: 3, listed: false, tags: [], seller: Seller(name: "Cy", rating: 1),
            photo: RonMultipartFile(data: png, filename: "lamp.png"), attachments: [])
        let reports = Collector<RonTransferProgress>()
        let answer = await client.postListing(body: form, uploadProgress: RonProgressReporter { reports.append($0) })
        let echo = try #require(answer.data, "\(answer.problem.map(String.init(describing:)) ?? "no answer")")
        #expect(Upload.bytes(ofDataURL: Self.text(echo.files?["photo"]) ?? "") == png)
        let values = reports.values
        // The whole body was reported sent (the photo and the other parts), and reports only grew.
        let last = try #require(values.last)
        #expect(last.completedBytes > 400_000)
        if let expected = last.expectedBytes { #expect(last.completedBytes == expected) }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
    }
}
