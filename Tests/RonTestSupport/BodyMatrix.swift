import Foundation
import RonAppSdkSwift

/// Every request body kind through every call kind of ``RonClient``, each checked byte for byte
/// against what a loopback server received: the same matrix runs on each transport's suite.
package enum BodyMatrix {
    /// A kind of request body.
    package enum Body: String, CaseIterable, Sendable {
        case bytes, json, form, multipart, file, knownLengthStream, unknownLengthStream
    }

    /// A kind of call.
    package enum Call: String, CaseIterable, Sendable {
        case request, stream, download
    }

    /// One cell's body and the exact bytes it must put on the wire.
    struct Cell {
        var body: AppRequestBody
        var expected: Data
    }

    /// A body of `kind` whose bytes go on the wire as `expected` (files under `folder`).
    static func cell(_ kind: Body, in folder: URL) throws -> Cell {
        let payload = Data((0..<300_007).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) })
        let chunks: @Sendable () -> AsyncStream<Data> = {
            AsyncStream { continuation in
                for offset in stride(from: 0, to: payload.count, by: 65_536) {
                    continuation.yield(payload.subdata(in: offset..<min(offset + 65_536, payload.count)))
                }
                continuation.finish()
            }
        }
        let file = folder.appendingPathComponent("body-\(kind.rawValue).bin")
        try payload.write(to: file)
        switch kind {
        case .bytes:
            return Cell(body: AppRequestBody(data: payload), expected: payload)
        case .json:
            let body = try AppRequestBody.json(["name": "ünïcode \"quoted\"", "n": "1"])
            return Cell(body: body, expected: body.data)
        case .form:
            let body = AppRequestBody.form([("a", "1 2"), ("b", "ü&=")])
            return Cell(body: body, expected: body.data)
        case .multipart:
            // The same parts in memory give the bytes the form read from disk and a stream must send.
            var streamed = RonMultipartForm(boundary: "ron-matrix-boundary")
            streamed.append("title", value: "ünïcode")
            try streamed.append("photo", fileURL: file, contentType: "image/jpeg")
            streamed.append(
                "more", stream: RonBodyStream(length: Int64(payload.count), replayable: chunks), filename: "more.bin")
            var inMemory = RonMultipartForm(boundary: "ron-matrix-boundary")
            inMemory.append("title", value: "ünïcode")
            inMemory.append("photo", data: payload, filename: file.lastPathComponent, contentType: "image/jpeg")
            inMemory.append("more", data: payload, filename: "more.bin")
            return Cell(body: try .multipart(streamed), expected: try AppRequestBody.multipart(inMemory).data)
        case .file:
            return Cell(body: try .file(file), expected: payload)
        case .knownLengthStream:
            return Cell(
                body: .stream(RonBodyStream(length: Int64(payload.count), replayable: chunks)), expected: payload)
        case .unknownLengthStream:
            return Cell(body: .stream(RonBodyStream(length: nil, replayable: chunks)), expected: payload)
        }
    }

    /// A loopback server that answers each request with the body it received, whole.
    /// The raw body kinds: those a server that echoes what it received as bytes (httpbin's
    /// `/anything`) can compare byte for byte; httpbin parses forms and multipart bodies instead.
    package static let rawBodies: [Body] = [.bytes, .json, .file, .knownLengthStream, .unknownLengthStream]

    /// The bytes httpbin says it received: its echo's `data`, text as it came or binary as a
    /// `data:` URL (`data:application/octet-stream;base64,...`).
    @Sendable package static func httpbinEchoedData(_ answer: Data) throws -> Data {
        struct Echo: Decodable { var data: String? }
        guard let data = try JSONDecoder().decode(Echo.self, from: answer).data else {
            throw BodyMatrixError(description: "httpbin's echo has no data")
        }
        if data.hasPrefix("data:"), let comma = data.firstIndex(of: ","),
            let bytes = Data(base64Encoded: String(data[data.index(after: comma)...]))
        {
            return bytes
        }
        return Data(data.utf8)
    }

    /// A reply that is not what the matrix reads.
    package struct BodyMatrixError: Error, CustomStringConvertible {
        /// What was wrong.
        package var description: String
    }

    package static func echoServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            .respond(status: 200, headers: ["Content-Type": "application/octet-stream"], body: request.body)
        }
    }

    /// Sends every body kind of `bodies` through every call kind with `client` to `path` (by
    /// default an ``echoServer()``'s) and returns each cell whose bytes, as `received` reads them
    /// from the answer, were not exactly the body's bytes.
    package static func failures(
        _ client: RonClient, bodies: [Body] = Body.allCases, path: String = "/echo",
        received read: @Sendable (Data) throws -> Data = { $0 }
    ) async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-matrix-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var failures: [String] = []
        for kind in bodies {
            for call in Call.allCases {
                let cell = try cell(kind, in: folder)
                let request = AppRequest(method: .put, path: RonPath.server("") + path, body: cell.body)
                let received: Data
                do {
                    received = try read(try await send(request, as: call, with: client, in: folder))
                } catch {
                    failures.append("\(kind.rawValue) by \(call.rawValue): \(error)")
                    continue
                }
                if received != cell.expected {
                    failures.append(
                        "\(kind.rawValue) by \(call.rawValue): the server got \(received.count) bytes, "
                            + "\(cell.expected.count) sent" + (received.count == cell.expected.count ? " (others)" : "")
                    )
                }
            }
        }
        return failures
    }

    /// What the echo server answered to `request` sent as a `call`.
    private static func send(_ request: AppRequest, as call: Call, with client: RonClient, in folder: URL)
        async throws -> Data
    {
        switch call {
        case .request:
            let response: AppResponse<Data> = await client.request(request)
            if let problem = response.problem { throw problem }
            return response.raw ?? Data()
        case .stream:
            let response = try await client.stream(request)
            var received = Data()
            for try await chunk in response.body { received.append(chunk) }
            return received
        case .download:
            let destination = folder.appendingPathComponent("download-\(UUID()).bin")
            _ = try await client.download(request, to: destination)
            return try Data(contentsOf: destination)
        }
    }
}
