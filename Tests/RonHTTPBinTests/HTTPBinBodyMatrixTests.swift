import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// The body × call matrix against httpbin, a server nobody here wrote: every raw body kind (bytes,
/// JSON, a file, streams of known and unknown length) through `request`, `stream` and `download`
/// on `URLSessionTransport` reaches httpbin's `/anything` byte for byte, as its echo's `data` says.
/// (httpbin parses forms and multipart bodies instead of echoing their bytes; `HTTPBinFormTests`
/// and `HTTPBinMultipartTests` check those by their parts.)
@Suite struct HTTPBinBodyMatrixTests {
    @Test func everyRawBodyArrivesWholeThroughEveryCall() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let failures = try await BodyMatrix.failures(
            client, bodies: BodyMatrix.rawBodies, path: "/anything",
            received: BodyMatrix.httpbinEchoedData)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
