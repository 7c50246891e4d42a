import Foundation
import Logging
import RonAppSdkSwift
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// TLS trust, redirect downgrades and secrets in logs and hooks, against real servers.
@Suite struct SecurityTests {
    static let hello = httpResponse(
        "200 OK", headers: ["Content-Type": "application/json"], body: #"{"message":"over tls"}"#)

    @Test func untrustedCertificateFailsAsATLSProblem() async throws {
        try #require(OpenSSLServer.executable != nil, "openssl is missing: apt-get install -y openssl")
        let tls = try OpenSSLServer(files: ["app/hello": Self.hello])
        defer { tls.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: tls.baseURL, overallTimeoutMs: 5_000))
        defer { client.close() }
        let clock = ContinuousClock()
        let started = clock.now
        let res: AppResponse<Greeting> = await client.get("/hello")
        #expect(clock.now - started < .seconds(5) + .milliseconds(ChaosSettings.slackMs))
        #expect(res.status == 0)
        #expect(res.ok == false)
        #expect(res.problem?.code == "tls_failed")
        #expect(res.problem?.kind == "transport")
        #expect(res.problem?.retryable == true)
        #expect(res.data == nil)
    }

    /// `URLSession` on Linux reads its CA bundle from the `URLSessionCertificateAuthorityInfoFile`
    /// environment variable. Setting it in this process would race with other tests, so the calls
    /// that must trust the throwaway certificate run in a child process (an exit test) that sets it
    /// first. The system trust store is not touched.
    @Test func httpsToHttpRedirectIsNotFollowed() async throws {
        try #require(OpenSSLServer.executable != nil, "openssl is missing: apt-get install -y openssl")
        let plain = try ChaosServer()
        defer { plain.stop() }
        let tls = try OpenSSLServer(files: [
            "app/hello": Self.hello,
            "app/hop": httpResponse("302 Found", headers: ["Location": "/app/hello"]),
            "app/downgrade": httpResponse(
                "302 Found", headers: ["Location": "http://127.0.0.1:\(plain.port)/app/chaos/ok"]),
        ])
        defer { tls.stop() }
        let caFile = tls.certificate.path
        let base = tls.baseURL.absoluteString

        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            [caFile = caFile as String, base = base as String] in
            setenv("URLSessionCertificateAuthorityInfoFile", caFile, 1)
            let client = try RonClient(config: RonConfig(baseUrl: URL(string: base), overallTimeoutMs: 5_000))
            let hello: AppResponse<Greeting> = await client.get("/hello")
            let hop: AppResponse<Greeting> = await client.get("/hop")
            let down: AppResponse<Greeting> = await client.get("/downgrade")
            let downProblem = down.problem
            print("hello=\(hello.ok) \(hello.problem?.code ?? "-") hop=\(hop.ok) \(hop.problem?.code ?? "-")")
            print("downgrade=\(downProblem?.code ?? "-")/\(downProblem?.kind ?? "-")/\(down.status)")
            let trusted = hello.ok && hello.data?.message == "over tls"
            let sameSchemeFollowed = hop.ok && hop.data?.message == "over tls"
            let refused =
                downProblem?.code == "insecure_redirect" && downProblem?.kind == "transport"
                && down.status == 0 && downProblem?.retryable == false
            exit(trusted && sameSchemeFollowed && refused ? 0 : 1)
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.contains("downgrade=insecure_redirect/transport/0"), "\(output)")
        #expect(plain.acceptedCount == 0, "the http target was contacted")
    }
}
