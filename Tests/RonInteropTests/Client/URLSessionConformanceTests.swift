import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// `URLSessionTransport` keeps every rule of the transport contract (``TransportConformance``).
@Suite struct URLSessionConformanceTests {
    @Test func theURLSessionTransportKeepsEveryRuleOfATransport() async throws {
        let transport = URLSessionTransport()
        let failures = try await TransportConformance.check(transport)
        #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    }

    /// The suite itself fails a transport that breaks a rule (here: one that drops file bodies and
    /// hands coded bytes over as decoded), so a pass above means something.
    @Test func aTransportThatBreaksRulesIsCaught() async throws {
        let failures = try await TransportConformance.check(BrokenTransport())
        let rules = failures.map(\.rule)
        #expect(rules.contains("a file is sent whole"), "\(rules)")
        #expect(rules.contains("decodedContentCodings names exactly the codings decoded"), "\(rules)")
    }
}

/// Sends bodies in memory only and claims to decode every coding.
private struct BrokenTransport: RonTransport {
    let inner = URLSessionTransport()

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        var request = request
        if case .file? = request.bodySource { request.bodySource = nil }
        var response = try await inner.send(request)
        response.decodedContentCodings = ["gzip", "br", "deflate"]
        if response.headers["content-encoding"] == "gzip" {
            // libcurl decoded it: hand the coded bytes over instead, while claiming they are decoded.
            response.body = TransportConformance.gzipped
        }
        return response
    }
}
