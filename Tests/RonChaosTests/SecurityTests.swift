import Foundation
import Testing

@testable import RonAppSdkSwift

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// TLS trust and redirect downgrades.
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

    /// A real end-to-end https → http redirect needs a TLS server the client trusts. On Linux,
    /// FoundationNetworking pins libcurl's CA bundle to the first system bundle it finds
    /// (`/etc/ssl/certs/ca-certificates.crt`, …) and has no setting or environment variable to
    /// change it, so a throwaway certificate can only be trusted by editing the system trust store,
    /// which tests must not do. The refusal is therefore checked at the delegate, with a real
    /// `URLSession` task whose original request is https, exactly as `URLSession` calls it.
    @Test func httpsToHttpRedirectIsRefusedByTheDelegate() async throws {
        let hop = try await Self.redirect(
            from: "https://127.0.0.1:1/app/start", to: "http://127.0.0.1:2/app/landing")
        // Not followed: answered with no request (Apple platforms) or not answered, the task
        // cancelled (FoundationNetworking).
        #expect(hop.next.allSatisfy { $0 == nil }, "the redirect was followed")
        #if canImport(FoundationNetworking)
            #expect(hop.next.isEmpty)
        #else
            #expect(hop.next == [nil])
        #endif
        #expect(hop.failure?.cause == .insecureRedirect)
        #expect(ProblemMapper.fromTransport(try #require(hop.failure)).code == "insecure_redirect")
    }

    @Test func httpsRedirectsThatStayHttpsAreFollowed() async throws {
        let same = try await Self.redirect(
            from: "https://127.0.0.1:1/app/start", to: "https://127.0.0.1:1/app/landing")
        #expect(same.next.first??.url?.absoluteString == "https://127.0.0.1:1/app/landing")
        #expect(same.next.first??.value(forHTTPHeaderField: "Authorization") == "Bearer tok")
        let other = try await Self.redirect(from: "https://127.0.0.1:1/app/start", to: "https://localhost:1/app/x")
        #expect(other.next.first??.url?.host == "localhost")
        #expect(other.next.first??.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(other.next.first??.value(forHTTPHeaderField: "X-RON-Passport") == nil)
    }

    struct RedirectOutcome {
        var next: [URLRequest?]
        var failure: TransportFailure?
    }

    /// Drives ``URLSessionTransportDelegate`` through one redirect of a real (never resumed) task and
    /// completes the task the way `URLSession` does after a refused redirect.
    static func redirect(from origin: String, to target: String) async throws -> RedirectOutcome {
        let delegate = URLSessionTransportDelegate()
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let originURL = try #require(URL(string: origin))
        var request = URLRequest(url: originURL)
        request.setValue("Bearer tok", forHTTPHeaderField: "Authorization")
        request.setValue("pp", forHTTPHeaderField: "X-RON-Passport")
        let task = session.dataTask(with: request)
        let targetURL = try #require(URL(string: target))
        let response = try #require(
            HTTPURLResponse(
                url: originURL, statusCode: 302, httpVersion: "HTTP/1.1", headerFields: ["Location": target]))
        var next = request
        next.url = targetURL
        let followed = Collector<URLRequest?>()
        do {
            _ = try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<TransportResponse, any Error>) in
                delegate.register(
                    task: task, request: TransportRequest(method: "GET", url: originURL, maxResponseBytes: 1_024),
                    continuation: continuation,
                    watchdog: IdleWatchdog(idleMs: 60_000, scheduler: DeadlineScheduler()) {})
                delegate.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: next) {
                    followed.append($0)
                }
                delegate.urlSession(session, task: task, didCompleteWithError: URLError(.cancelled))
            }
            return RedirectOutcome(next: followed.values, failure: nil)
        } catch let failure as TransportFailure {
            return RedirectOutcome(next: followed.values, failure: failure)
        }
    }
}
