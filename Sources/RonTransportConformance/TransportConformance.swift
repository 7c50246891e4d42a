import Foundation
import RonAppSdkSwift

/// What every `RonTransport` must do, in one place, checked over real HTTP on a loopback server
/// this module starts on a free port: the SDK's own `URLSessionTransport` and
/// `AsyncHTTPClientTransport` pass it in their test suites, and a transport of your own is held to
/// it the same way, from a test of yours:
///
/// ```swift
/// let failures = try await TransportConformance.check(MyTransport())
/// #expect(failures.isEmpty, "\(failures)")
/// ```
///
/// Each check is one rule of the `RonTransport` contract: every status is a response; bytes, a file
/// and streams of known and unknown length are sent whole; `maxResponseBytes` holds and a larger
/// body fails with `responseTooLarge`; `decodedContentCodings` names exactly what was decoded;
/// redirects are followed up to `maxRedirects` (then `tooManyRedirects`) with credentials kept on
/// the same origin; a streaming transport hands its body over whole and in order and sends a file
/// body whole; a cancelled call ends at once with an error. ``check(_:)`` returns the rules broken,
/// so an empty list is a pass.
public enum TransportConformance {
    /// One broken rule, and what the transport did instead.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The rule, as a short sentence.
        public var rule: String
        /// What happened instead.
        public var found: String
        /// The rule and what happened, as `rule: found`.
        public var description: String { "\(rule): \(found)" }
    }

    /// `{"coded":true}` as one gzip member (RFC 1952), for the content coding rule.
    package static let gzipped = Data([
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xab, 0x56, 0x4a, 0xce, 0x4f, 0x49,
        0x4d, 0x51, 0xb2, 0x2a, 0x29, 0x2a, 0x4d, 0xad, 0x05, 0x00, 0xc9, 0x07, 0xd4, 0xf5, 0x0e, 0x00,
        0x00, 0x00,
    ])

    /// The server every check talks to: it echoes a request's body (`/echo`), answers a status
    /// (`/status/<n>`), a large body (`/large/<bytes>`), a coded body (`/gzip`), and redirects
    /// (`/redirect` to `/echo`).
    static func server() throws -> LoopbackServer {
        try LoopbackServer { request in
            let parts = request.path.split(separator: "/").map(String.init)
            switch parts.first {
            case "echo":
                var headers = ["X-Method": request.method]
                if let auth = request.header("authorization") { headers["X-Saw-Authorization"] = auth }
                return .respond(status: 200, headers: headers, body: request.body)
            case "status":
                let status = Int(parts.dropFirst().first ?? "") ?? 500
                return .respond(status: status, body: Data("status \(status)".utf8))
            case "large":
                let count = Int(parts.dropFirst().first ?? "") ?? 0
                return .respond(status: 200, body: Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
            case "gzip":
                return .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: gzipped)
            case "redirect":
                return .respond(status: 302, headers: ["Location": "/echo"])
            default:
                return .respond(status: 404)
            }
        }
    }

    /// Runs every check against `transport`, over a loopback server started for the run and stopped
    /// at its end, and returns the rules it broke (empty: the transport conforms). It throws only
    /// when the server or its scratch file cannot be made.
    public static func check(_ transport: any RonTransport) async throws -> [Failure] {
        let server = try server()
        defer { server.stop() }
        let base = server.baseURL
        var failures: [Failure] = []
        func fail(_ rule: String, _ found: String) { failures.append(Failure(rule: rule, found: found)) }
        func request(_ path: String, method: String = "GET", body: RonBodySource? = nil) -> TransportRequest {
            var request = TransportRequest(method: method, url: base.appendingPathComponent(path))
            request.bodySource = body
            return request
        }

        // 1. Every HTTP status is a response, never a thrown error.
        for status in [200, 204, 404, 500, 503] {
            do {
                let response = try await transport.send(request("status/\(status)"))
                if response.status != status {
                    fail("status \(status) is returned as it came", "got \(response.status)")
                }
            } catch {
                fail("status \(status) is a response, not an error", "\(error)")
            }
        }

        // 2. Every body kind arrives exactly: bytes, a file, a stream of known and of unknown length.
        let payload = Data((0..<300_001).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-conformance-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("body.bin")
        try payload.write(to: file)
        let chunks: @Sendable () -> AsyncStream<Data> = {
            AsyncStream { continuation in
                for offset in stride(from: 0, to: payload.count, by: 65_536) {
                    continuation.yield(payload.subdata(in: offset..<min(offset + 65_536, payload.count)))
                }
                continuation.finish()
            }
        }
        let bodies: [(String, RonBodySource)] = [
            ("bytes", .data(payload)),
            ("a file", try .file(file)),
            ("a stream of known length", .stream(RonBodyStream(length: Int64(payload.count), replayable: chunks))),
            ("a stream of unknown length", .stream(RonBodyStream(length: nil, replayable: chunks))),
        ]
        for (kind, body) in bodies {
            do {
                let response = try await transport.send(request("echo", method: "PUT", body: body))
                if response.body != payload {
                    fail("\(kind) is sent whole", "the server got \(response.body.count) of \(payload.count) bytes")
                }
            } catch {
                fail("\(kind) is sent whole", "\(error)")
            }
        }

        // 3. A body up to the limit arrives whole; a larger one fails with responseTooLarge.
        var fits = request("large/200000")
        fits.maxResponseBytes = 200_000
        var tooLarge = request("large/200001")
        tooLarge.maxResponseBytes = 200_000
        do {
            let response = try await transport.send(fits)
            if response.body.count != 200_000 {
                fail("a body at the limit arrives whole", "\(response.body.count) bytes")
            }
        } catch {
            fail("a body at the limit arrives whole", "\(error)")
        }
        do {
            let response = try await transport.send(tooLarge)
            fail("a body past the limit fails with responseTooLarge", "got \(response.body.count) bytes")
        } catch let failure as TransportFailure where failure.cause == .responseTooLarge {
        } catch {
            fail("a body past the limit fails with responseTooLarge", "\(error)")
        }

        // 4. A coded body is decoded and said to be, or handed over as it came and said not to be.
        do {
            let response = try await transport.send(request("gzip"))
            let decoded = response.body == Data(#"{"coded":true}"#.utf8)
            if decoded != response.decodedContentCodings.contains("gzip") {
                fail(
                    "decodedContentCodings names exactly the codings decoded",
                    "body \(decoded ? "decoded" : "coded"), decodedContentCodings \(response.decodedContentCodings.sorted())"
                )
            }
        } catch {
            fail("a coded body is a response", "\(error)")
        }

        // 5. Redirects are followed; credentials go to the same origin only.
        var redirected = request("redirect")
        redirected.headers.append("authorization", "Bearer same-origin")
        do {
            let response = try await transport.send(redirected)
            if response.status != 200 || response.headers["x-method"] != "GET" {
                fail("a 302 is followed with GET", "status \(response.status)")
            }
            if response.headers["x-saw-authorization"] != "Bearer same-origin" {
                fail("Authorization is kept on a same-origin redirect", "the server saw none")
            }
        } catch {
            fail("a 302 is followed", "\(error)")
        }

        // 5b. The request's redirect limit holds: one redirect more fails with tooManyRedirects.
        var noRedirects = request("redirect")
        noRedirects.maxRedirects = 0
        do {
            let response = try await transport.send(noRedirects)
            fail("maxRedirects 0 refuses a redirect with tooManyRedirects", "got status \(response.status)")
        } catch let failure as TransportFailure where failure.cause == .tooManyRedirects {
        } catch {
            fail("maxRedirects 0 refuses a redirect with tooManyRedirects", "\(error)")
        }

        // 6. A streaming transport hands the body over in order, whole.
        if let streaming = transport as? any RonStreamingTransport {
            do {
                let stream = try await streaming.stream(request("large/500000"))
                var received = Data()
                for try await chunk in stream.body { received.append(chunk) }
                let expected = Data((0..<500_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
                if received != expected {
                    fail("a streamed body arrives whole and in order", "\(received.count) bytes")
                }
            } catch {
                fail("a streamed body arrives whole and in order", "\(error)")
            }
            do {
                let stream = try await streaming.stream(request("echo", method: "PUT", body: try .file(file)))
                var received = Data()
                for try await chunk in stream.body { received.append(chunk) }
                if received != payload { fail("a streamed call sends its file body whole", "\(received.count) bytes") }
            } catch {
                fail("a streamed call sends its file body whole", "\(error)")
            }
        }

        // 7. A cancelled call ends with an error.
        let slow = try LoopbackServer { _ in .delay(milliseconds: 5_000, then: .respond(status: 200)) }
        defer { slow.stop() }
        let call = Task { try await transport.send(TransportRequest(method: "GET", url: slow.baseURL)) }
        try await Task.sleep(for: .milliseconds(100))
        call.cancel()
        let started = ContinuousClock.now
        do {
            _ = try await call.value
            fail("a cancelled call throws", "it returned a response")
        } catch {
            if ContinuousClock.now - started > .seconds(3) { fail("a cancelled call ends at once", "it waited") }
        }
        return failures
    }
}
