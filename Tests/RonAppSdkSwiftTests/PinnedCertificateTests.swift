import Foundation
import Testing

@testable import RonAppSdkSwift

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reading pins from PEM and DER, and a pin setting that nothing could check is refused, never ignored.
@Suite struct PinnedCertificateTests {
    /// A fresh self-signed certificate from openssl: its PEM text and the DER openssl converts it to.
    func freshCertificate() throws -> (pem: String, der: Data) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-pin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pem = folder.appendingPathComponent("cert.pem")
        try OpenSSLServer.makeCertificate(certificate: pem, key: folder.appendingPathComponent("key.pem"))
        return (try String(contentsOf: pem, encoding: .utf8), try OpenSSLServer.derOfCertificate(pem))
    }

    func keyPEM() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-pin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("key.pem")
        try OpenSSLServer.makeCertificate(certificate: folder.appendingPathComponent("cert.pem"), key: key)
        return try String(contentsOf: key, encoding: .utf8)
    }

    @Test func aPEMCertificateReadsAsTheDEROpenSSLWrites() throws {
        try #require(OpenSSLServer.executable != nil, "openssl is missing: apt-get install -y openssl")
        let (pem, der) = try freshCertificate()
        #expect(try PinnedCertificate(pem: pem).der == der)
        #expect(try PinnedCertificate(der: der).der == der)
        // CR LF line ends and surrounding text (as in a bundle with comments) are fine.
        let windows = "# gateway\r\n" + pem.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try PinnedCertificate(pem: windows).der == der)
    }

    @Test func aBundleGivesEveryCertificateInOrder() throws {
        try #require(OpenSSLServer.executable != nil, "openssl is missing: apt-get install -y openssl")
        let first = try freshCertificate()
        let second = try freshCertificate()
        let all = try PinnedCertificate.all(pem: first.pem + second.pem)
        #expect(all.map(\.der) == [first.der, second.der])
        #expect(throws: PinnedCertificateError.self) { try PinnedCertificate(pem: first.pem + second.pem) }
    }

    @Test func aKeyOrBrokenTextIsRefusedNamingTheBlock() throws {
        try #require(OpenSSLServer.executable != nil, "openssl is missing: apt-get install -y openssl")
        let (pem, der) = try freshCertificate()
        func message(_ text: String) -> String? {
            do {
                _ = try PinnedCertificate.all(pem: text)
                return nil
            } catch {
                return (error as? PinnedCertificateError)?.description
            }
        }
        let key = try keyPEM()
        #expect(message(pem + key)?.contains("PEM block 2 is a PRIVATE KEY, not a CERTIFICATE") == true)
        #expect(message("hello") == "the PEM text holds no CERTIFICATE block")
        #expect(message(String(pem.dropLast(30)))?.contains("PEM block 1 has no END line") == true)
        let corrupt = pem.replacingOccurrences(of: "\n-----END", with: "!!\n-----END")
        #expect(message(corrupt) == "PEM block 1 is not valid base64")
        #expect(throws: PinnedCertificateError.self) { try PinnedCertificate(der: der.dropLast(1)) }
        #expect(throws: PinnedCertificateError.self) { try PinnedCertificate(der: Data(pem.utf8)) }
        #expect(throws: PinnedCertificateError.self) { try PinnedCertificate(der: Data()) }
    }

    @Test func pinsBesideACustomTransportAreRefused() throws {
        try #require(OpenSSLServer.executable != nil, "openssl is missing: apt-get install -y openssl")
        let pin = try PinnedCertificate(der: freshCertificate().der)
        let config = RonConfig(
            baseUrl: URL(string: "https://example.com")!, transport: InMemoryTransport(json: "{}"),
            pinnedCertificates: [pin])
        #expect {
            _ = try RonClient(config: config)
        } throws: { error in
            guard case .unsupportedSetting(let name, let reason)? = error as? SdkConfigError else { return false }
            return name == "pinnedCertificates" && reason.contains("custom transport")
        }
    }

    #if !canImport(Security)
        /// FoundationNetworking gives no server-trust challenge to a delegate: pins on the default
        /// transport are refused up front, and a transport made with pins anyway never sends.
        @Test func pinsThatURLSessionCannotCheckAreRefusedNotIgnored() async throws {
            try #require(OpenSSLServer.executable != nil, "openssl is missing: apt-get install -y openssl")
            let pin = try PinnedCertificate(der: freshCertificate().der)
            #expect {
                _ = try RonClient(
                    config: RonConfig(baseUrl: URL(string: "https://example.com")!, pinnedCertificates: [pin]))
            } throws: { error in
                (error as? SdkConfigError)?.description.contains("AsyncHTTPClientTransport(pinnedCertificates:)")
                    == true
            }
            let server = try LoopbackServer { _ in .json(200, #"{"message":"hi"}"#) }
            let transport = URLSessionTransport(pinnedCertificates: [pin])
            defer { transport.invalidate() }
            let client = try makeClient(server) { $0.transport = transport }
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.problem?.code == "tls_failed")
            #expect(server.requests.isEmpty)
            let stream = URLSessionStreamingTransport(pinnedCertificates: [pin])
            await #expect(throws: TransportFailure.self) {
                _ = try await stream.stream(TransportRequest(method: "GET", url: server.baseURL, headers: [:]))
            }
        }
    #endif
}
