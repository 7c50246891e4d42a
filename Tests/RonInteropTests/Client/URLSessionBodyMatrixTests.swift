import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// Every body kind (bytes, JSON, a form, multipart from disk and a stream, a file, streams of known
/// and unknown length) through every call kind (`request`, `stream`, `download`) on
/// `URLSessionTransport` reaches the server byte for byte.
@Suite struct URLSessionBodyMatrixTests {
    @Test func everyBodyKindArrivesWholeThroughEveryCallKind() async throws {
        let server = try BodyMatrix.echoServer()
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        let failures = try await BodyMatrix.failures(client)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
