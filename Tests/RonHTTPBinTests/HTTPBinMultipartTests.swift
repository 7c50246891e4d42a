import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// Multipart bodies and streamed files as httpbin reads them.
@Suite struct HTTPBinMultipartTests {
    @Test func multipartFieldsAndFilePartsFromMemoryDiskAndAStreamArriveExactly() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let onDisk = Upload.randomBytes(3 * 1024 * 1024 + 17)
        let fileURL = try Upload.file(onDisk, name: "photo.bin")
        defer { try? FileManager.default.removeItem(at: fileURL.deletingLastPathComponent()) }
        let streamed = Upload.randomBytes(250_000)
        var form = RonMultipartForm()
        form.append("title", value: "Holiday \"2026\" – ünïcode")
        form.append("title", value: "second")
        form.append("note", data: Data("plain text file".utf8), filename: "note.txt", contentType: "text/plain")
        try form.append("photo", fileURL: fileURL, contentType: "image/jpeg")
        form.append(
            "stream", stream: RonBodyStream(length: Int64(streamed.count), replayable: { Upload.chunks(streamed) }),
            filename: "stream.bin")
        let body = try AppRequestBody.multipart(form)
        guard case .stream(let stream) = body.source else {
            Issue.record("a form with a file part must be streamed, not read into memory")
            return
        }
        #expect(stream.isReplayable)
        let log = ProgressLog()
        let echo = try await Upload.echo(client, "/post", body, progress: log.reporter)
        let fields = try #require(echo["form"] as? [String: Any])
        #expect(fields["title"] as? [String] == ["Holiday \"2026\" – ünïcode", "second"])
        let files = try #require(echo["files"] as? [String: Any])
        #expect(files["note"] as? String == "plain text file")
        #expect(Upload.bytes(ofDataURL: files["photo"] as? String) == onDisk)
        #expect((files["photo"] as? String)?.hasPrefix("data:image/jpeg;base64,") == true)
        #expect(Upload.bytes(ofDataURL: files["stream"] as? String) == streamed)
        let headers = try #require(echo["headers"] as? [String: Any])
        let contentType = try #require(headers["Content-Type"] as? String)
        #expect(contentType == body.contentType)
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        Upload.expectFraming(echo, length: body.length)
        let reports = log.reports
        #expect(reports.last?.completedBytes == body.length)
        #expect(reports.allSatisfy { $0.expectedBytes == body.length })
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.completedBytes < $1.completedBytes })
    }

    @Test func aFileBodyIsStreamedFromDiskAndEchoedByteForByte() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let bytes = Upload.randomBytes(4 * 1024 * 1024 + 3)
        let url = try Upload.file(bytes)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let log = ProgressLog()
        let echo = try await Upload.echo(client, "/put", try .file(url), method: .put, progress: log.reporter)
        #expect(Upload.bytes(ofDataURL: echo["data"] as? String) == bytes)
        Upload.expectFraming(echo, length: Int64(bytes.count))
        let reports = log.reports
        #expect(reports.count > 1)
        #expect(
            reports.last == RonTransferProgress(completedBytes: Int64(bytes.count), expectedBytes: Int64(bytes.count)))
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.completedBytes < $1.completedBytes })
    }

    /// `client.stream` sends the request body as `request` does: a file or a stream body used to go
    /// out on URLSessionTransport as no body at all (`Content-Length: 0`), and the call succeeded.
    @Test(arguments: ["file", "stream"])
    func aStreamedCallSendsItsFileOrStreamBodyWhole(kind: String) async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let bytes = Upload.randomBytes(3 * 1024 * 1024 + 5)
        let url = try Upload.file(bytes)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let body: AppRequestBody =
            kind == "file"
            ? try .file(url)
            : .stream(RonBodyStream(length: Int64(bytes.count), oneShot: Upload.chunks(bytes, size: 65_536)))
        let streamed = try await client.stream(AppRequest(method: .put, path: RonPath.server("") + "/put", body: body))
        let echoed = try await streamed.body.collect(upTo: 64 << 20)
        let echo = try #require(try JSONSerialization.jsonObject(with: echoed) as? [String: Any])
        #expect(Upload.bytes(ofDataURL: echo["data"] as? String) == bytes)
        Upload.expectFraming(echo, length: Int64(bytes.count))
    }

    @Test func aOneShotStreamOfKnownLengthArrivesWhole() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let bytes = Upload.randomBytes(1_000_003)
        let (progress, reporter) = RonProgressReporter.stream()
        let stream = RonBodyStream(length: Int64(bytes.count), oneShot: Upload.chunks(bytes, size: 65_536))
        let echo = try await Upload.echo(client, "/anything", .stream(stream), progress: reporter)
        #expect(Upload.bytes(ofDataURL: echo["data"] as? String) == bytes)
        Upload.expectFraming(echo, length: Int64(bytes.count))
        var last: RonTransferProgress?
        for await value in progress { last = value }
        #expect(last == RonTransferProgress(completedBytes: Int64(bytes.count), expectedBytes: Int64(bytes.count)))
    }

    @Test func aMissingFileIsRefusedWhereTheBodyIsMade() {
        let missing = URL(fileURLWithPath: "/nonexistent/ron-upload.bin")
        #expect(throws: LocalNetworkError.self) { try AppRequestBody.file(missing) }
        var form = RonMultipartForm()
        #expect(throws: LocalNetworkError.self) { try form.append("file", fileURL: missing) }
    }

    @Test func namesAndFileNamesAreQuotedAsHTMLFormsDo() throws {
        var form = RonMultipartForm(boundary: "XyZ")
        form.append("a\"b", data: Data("1".utf8), filename: "line\r\nbreak\".txt")
        let text = String(decoding: try AppRequestBody.multipart(form).data, as: UTF8.self)
        #expect(
            text == "--XyZ\r\nContent-Disposition: form-data; name=\"a%22b\"; filename=\"line%0D%0Abreak%22.txt\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n1\r\n--XyZ--\r\n")
    }

    @Test func aBoundaryFoundInAPartIsRefused() {
        var form = RonMultipartForm(boundary: "abc")
        form.append("x", value: "xxabcxx")
        #expect(throws: LocalNetworkError.self) { try AppRequestBody.multipart(form) }
        var bad = RonMultipartForm()
        bad.append("x", data: Data(), contentType: "text/plain\r\nX-Evil: 1")
        #expect(throws: LocalNetworkError.self) { try AppRequestBody.multipart(bad) }
    }
}
