import Foundation
import RonGateway
import RonGenerated
import Testing

@Suite("Problem answers over real HTTP")
struct ProblemRoutesTests {
    /// Decodes a problem and checks the real gateway's wire shape: only these keys.
    private func problem(_ answer: HTTPExchange, keys expected: Set<String>) throws -> RonProblem {
        #expect(answer.header("content-type") == "application/json")
        #expect(keys(answer) == expected)
        return try JSONDecoder().decode(RonProblem.self, from: answer.body)
    }

    @Test func unknownRouteIsANotFoundProblem() async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send(url(base, "/app/nope"))
            #expect(answer.status == 404)
            let body = try problem(answer, keys: ["code", "message", "retryable", "reason"])
            #expect(body.code == "NOT_FOUND")
            #expect(body.reason == "not_found")
            #expect(answer.header("x-correlation-id") != nil)
            let outside = try await HTTPExchange.send(url(base, "/elsewhere"))
            #expect(outside.status == 404)
            let test = try await HTTPExchange.send(url(base, "/app/_test/not-found"))
            #expect(test.status == 404)
        }
    }

    @Test func wrongMethodIsMethodNotAllowedWithAllow() async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send(url(base, "/app/echo"))
            #expect(answer.status == 405)
            #expect(answer.header("allow") == "POST")
            #expect(try problem(answer, keys: ["code", "message", "retryable", "reason"]).code == "METHOD_NOT_ALLOWED")
        }
    }

    @Test func requireAuthGuardsEveryRouteButHealthz() async throws {
        try await withGateway(GatewayConfiguration(requireAuth: true)) { base in
            let denied = try await HTTPExchange.send(url(base, "/app/hello"))
            #expect(denied.status == 401)
            #expect(denied.header("www-authenticate") == #"Macro realm="micronode""#)
            let body = try problem(denied, keys: ["code", "message", "retryable", "reason"])
            #expect(body.code == "UNAUTHORIZED")
            #expect(body.retryable == false)
            let blank = try await HTTPExchange.send(url(base, "/app/items"), headers: ["Authorization": "  "])
            #expect(blank.status == 401)
            let allowed = try await HTTPExchange.send(url(base, "/app/hello"), headers: ["Authorization": "Bearer x"])
            #expect(allowed.status == 200)
            let health = try await HTTPExchange.send(url(base, "/app/healthz"))
            #expect(health.status == 200)
        }
    }

    @Test func authTestRouteNeedsATokenEvenWithoutRequireAuth() async throws {
        try await withGateway { base in
            #expect(try await HTTPExchange.send(url(base, "/app/_test/auth")).status == 401)
            let allowed = try await HTTPExchange.send(
                url(base, "/app/_test/auth"), headers: ["Authorization": "Bearer x"])
            #expect(allowed.status == 200)
        }
    }

    @Test func bodyOverOneMebibyteIsRejectedWith413() async throws {
        try await withGateway { base in
            let big = Data(repeating: 0x20, count: 1_048_577)
            let answer = try await HTTPExchange.send("POST", url(base, "/app/echo"), body: big)
            #expect(answer.status == 413)
            let body = try problem(answer, keys: ["code", "message", "retryable", "reason"])
            #expect(body.code == "PAYLOAD_TOO_LARGE")
            #expect(body.reason == "payload_too_large")
            let exact = Data(repeating: 0x61, count: 1_048_576)
            let accepted = try await HTTPExchange.send("POST", url(base, "/app/_test/upload"), body: exact)
            #expect(accepted.status == 204)
        }
    }

    @Test func chunkedBodyOverTheCapIsCutOffWith413() async throws {
        try await withGateway { base in
            var request = Array(
                "POST /app/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            let chunk = [UInt8](repeating: 0x31, count: 65_536)
            for _ in 0..<17 {
                request += Array("10000\r\n".utf8) + chunk + Array("\r\n".utf8)
            }
            request += Array("0\r\n\r\n".utf8)
            let received = try await RawSocket.exchange(port: base.port ?? 0, request: request)
            let text = String(decoding: received, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 413"))
            #expect(text.contains("PAYLOAD_TOO_LARGE"))
        }
    }

    @Test func rateLimitedCarriesRetryAfterInMillisecondsAndSeconds() async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send(url(base, "/app/_test/rate-limited"))
            #expect(answer.status == 429)
            #expect(answer.header("retry-after") == "2")
            let body = try problem(answer, keys: ["code", "message", "retryable", "retry_after_ms"])
            #expect(body.code == "rate_limited")
            #expect(body.retryable == true)
            #expect(body.retryAfterMs == 2_000)
            let custom = try await HTTPExchange.send(url(base, "/app/_test/rate-limited?retry_after_ms=1500"))
            #expect(custom.header("retry-after") == "2")
            #expect(try JSONDecoder().decode(RonProblem.self, from: custom.body).retryAfterMs == 1_500)
        }
    }

    @Test func upstreamUnavailableIs502() async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send(url(base, "/app/_test/upstream-unavailable"))
            #expect(answer.status == 502)
            let body = try problem(answer, keys: ["code", "message", "retryable", "reason"])
            #expect(body.code == "upstream_unavailable")
            #expect(body.reason == "connect")
            #expect(body.retryable == true)
        }
    }

    @Test func serviceUnavailableIs503TooBusy() async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send(url(base, "/app/_test/unavailable"))
            #expect(answer.status == 503)
            #expect(answer.header("retry-after") == "1")
            let body = try problem(answer, keys: ["code", "message", "retryable", "retry_after_ms"])
            #expect(body.code == "too_busy")
            #expect(body.retryAfterMs == 1_000)
        }
    }

    @Test func internalErrorsComeAsPlainTextAndEmpty() async throws {
        try await withGateway { base in
            let text = try await HTTPExchange.send(url(base, "/app/_test/internal-text"))
            #expect(text.status == 500)
            #expect(text.header("content-type") == "text/plain; charset=utf-8")
            #expect(String(decoding: text.body, as: UTF8.self) == "internal error")
            let empty = try await HTTPExchange.send(url(base, "/app/_test/internal-empty"))
            #expect(empty.status == 500)
            #expect(empty.body.isEmpty)
            #expect(empty.header("content-type") == nil)
        }
    }

    @Test(arguments: [400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503, 504])
    func statusRouteAnswersAProblemForEachStatus(code: Int) async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send(url(base, "/app/_test/status/\(code)"))
            #expect(answer.status == code)
            let body = try JSONDecoder().decode(RonProblem.self, from: answer.body)
            #expect(!body.code.isEmpty && !body.message.isEmpty)
        }
    }

    @Test func invalidJSONRouteSendsBrokenJSON() async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send(url(base, "/app/_test/invalid-json"))
            #expect(answer.status == 200)
            #expect(answer.jsonObject == nil)
        }
    }
}
