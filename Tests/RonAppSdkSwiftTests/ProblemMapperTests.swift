import Foundation
import PropertyBased
import Testing

@testable import RonAppSdkSwift

@Suite struct ProblemMapperTests {
    private func map(_ status: Int, _ body: String, headers: [String: String] = [:]) -> RonProblem {
        ProblemMapper.fromHTTP(status: status, headers: RonHeaders(headers), body: Data(body.utf8))
    }

    @Test func realGatewayRateLimitBody() {
        // svc-gateway errors.rs: 429 {code,message,retryable,retry_after_ms} + Retry-After seconds.
        let problem = map(
            429, #"{"code":"rate_limited","message":"Too many requests","retryable":true,"retry_after_ms":1500}"#,
            headers: ["Retry-After": "1", "x-request-id": "r-0000000000000001"])
        #expect(problem.code == "rate_limited")
        #expect(problem.message == "Too many requests")
        #expect(problem.status == 429)
        #expect(problem.retryable == true)
        #expect(problem.retryAfterMs == 1500)
        #expect(problem.correlationId == "r-0000000000000001")
        #expect(problem.kind == nil)
        #expect(problem.details == nil)
    }

    @Test func realOmnigatePolicyBodyKeepsReason() {
        let problem = map(
            403, #"{"code":"POLICY_DENY","message":"Access denied","retryable":false,"reason":"put blocked"}"#,
            headers: ["X-Correlation-Id": "c-1", "x-request-id": "r-2"])
        #expect(problem.code == "POLICY_DENY")
        #expect(problem.reason == "put blocked")
        #expect(problem.retryable == false)
        #expect(problem.correlationId == "c-1")
    }

    @Test func everyFieldAndCamelCaseVariants() {
        let problem = map(
            409,
            #"{"code":"c","message":"m","kind":"app","status":999,"correlationId":"cid","retryable":true,"retryAfterMs":20,"reason":"r","details":{"a":1}}"#
        )
        #expect(problem.kind == "app")
        #expect(problem.status == 409)
        #expect(problem.correlationId == "cid")
        #expect(problem.retryAfterMs == 20)
        #expect(problem.details == ["a": .integer(1)])
        let snake = map(409, #"{"code":"c","message":"m","correlation_id":"s","retry_after_ms":7}"#)
        #expect(snake.correlationId == "s")
        #expect(snake.retryAfterMs == 7)
    }

    @Test func missingCodeAndMessageAreSynthesised() {
        let problem = map(404, #"{"retryable":false}"#)
        #expect(problem.code == "http_404")
        #expect(problem.message == "Not Found")
        let onlyMessage = map(500, #"{"message":"boom"}"#)
        #expect(onlyMessage.code == "http_500")
        #expect(onlyMessage.message == "boom")
        #expect(onlyMessage.retryable == true)
    }

    @Test(arguments: [
        (500, true), (501, false), (502, true), (503, true), (429, true), (408, true), (400, false), (404, false),
    ])
    func retryableDefaultsFromStatus(status: Int, expected: Bool) {
        #expect(map(status, #"{"code":"x","message":"y"}"#).retryable == expected)
        #expect(map(status, "plain").retryable == expected)
    }

    @Test func retryAfterHeaderFallbacks() {
        #expect(map(503, #"{"code":"x"}"#, headers: ["retry-after": "3"]).retryAfterMs == 3000)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let later = ProblemMapper.fromHTTP(
            status: 503, headers: ["Retry-After": "Tue, 14 Nov 2023 22:13:30 GMT"], body: Data(), now: now)
        #expect(later.retryAfterMs == 10_000)
        #expect(ProblemMapper.retryAfterMs(header: "Tue, 14 Nov 2023 22:00:00 GMT", now: now) == 0)
        #expect(ProblemMapper.retryAfterMs(header: "soon") == nil)
        #expect(map(503, #"{"code":"x","retry_after_ms":-5}"#).retryAfterMs == nil)
    }

    @Test func plainTextErrorBodyNeverLeaksIntoTheMessage() {
        let problem = map(
            413, "payload too large secret-ish", headers: ["Content-Type": "text/plain", "x-request-id": "r-9"])
        #expect(problem.kind == "transport")
        #expect(problem.code == "http_413")
        #expect(problem.status == 413)
        #expect(!problem.message.contains("payload too large"))
        #expect(!problem.message.contains("secret"))
        #expect(problem.correlationId == "r-9")
        #expect(problem.details?["content_type"] == .string("text/plain"))
        #expect(problem.details?["body_bytes"] == .integer(28))
    }

    @Test(arguments: ["", "{", "[1,2]", "null", "\"text\"", "42", "<html>oops</html>"])
    func malformedOrNonObjectBodies(body: String) {
        let problem = map(502, body)
        #expect(problem.kind == "transport")
        #expect(problem.code == "http_502")
        #expect(problem.status == 502)
        #expect(problem.retryable == true)
        #expect(body.isEmpty || !problem.message.contains(body))
    }

    @Test func transportFailuresHaveDistinctCodes() {
        let codes = TransportFailure.Cause.allCases.map { ProblemMapper.fromTransport(TransportFailure($0)).code }
        #expect(Set(codes).count == codes.count)
        for cause in TransportFailure.Cause.allCases {
            let problem = ProblemMapper.fromTransport(TransportFailure(cause))
            #expect(problem.status == 0)
            #expect(problem.kind == "transport")
        }
        #expect(ProblemMapper.fromTransport(TransportFailure(.timeout)).retryable == true)
        #expect(ProblemMapper.fromTransport(TransportFailure(.cancelled)).retryable == false)
        #expect(ProblemMapper.fromTransport(TransportFailure(.responseTooLarge)).code == "response_too_large")
    }

    @Test func classifiesPlatformErrors() {
        #expect(TransportFailure.classify(URLError(.timedOut)).cause == .timeout)
        #expect(TransportFailure.classify(URLError(.cannotConnectToHost)).cause == .connectFailed)
        #expect(TransportFailure.classify(URLError(.cannotFindHost)).cause == .dnsFailed)
        #expect(TransportFailure.classify(URLError(.dnsLookupFailed)).cause == .dnsFailed)
        #expect(TransportFailure.classify(URLError(.secureConnectionFailed)).cause == .tlsFailed)
        #expect(TransportFailure.classify(URLError(.networkConnectionLost)).cause == .connectionReset)
        #expect(TransportFailure.classify(URLError(.badServerResponse)).cause == .truncatedBody)
        #expect(TransportFailure.classify(URLError(.cancelled)).cause == .cancelled)
        #expect(TransportFailure.classify(CancellationError()).cause == .cancelled)
        #expect(TransportFailure.classify(POSIXError(.ECONNREFUSED)).cause == .connectFailed)
        #expect(TransportFailure.classify(POSIXError(.ECONNRESET)).cause == .connectionReset)
    }

    @Test func decodeFailureNamesTypeAndPath() throws {
        struct Inner: Decodable { let count: Int }
        struct Outer: Decodable { let inner: [Inner] }
        let data = Data(#"{"inner":[{"count":1},{"count":"x"}]}"#.utf8)
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Outer.self, from: data) }
        let problem = ProblemMapper.decodeFailure(type: Outer.self, error: error, status: 200, headers: [:])
        #expect(problem.code == "decode_failed")
        #expect(problem.kind == "decode")
        #expect(problem.message.contains("Outer"))
        #expect(problem.message.contains("inner[1].count"))
        #expect(problem.retryable == false)
    }

    // MARK: Property: arbitrary JSON never crashes and the invariants hold.

    private static let keys = [
        "code", "message", "kind", "status", "retryable", "retry_after_ms", "retryAfterMs",
        "reason", "correlation_id", "correlationId", "details", "x",
    ]

    private static func jsonValue(_ seed: Int, depth: Int = 0) -> JSONValue {
        switch abs(seed) % 9 {
        case 0: return .null
        case 1: return .bool(seed % 2 == 0)
        case 2: return .integer(Int64(seed))
        case 3: return .double(Double(seed) / 7)
        case 4: return .string("")
        case 5: return .string("s\(seed)")
        case 6: return .unsigned(UInt64(Int64.max) + UInt64(abs(seed % 1000)))
        case 7 where depth < 2: return .array([jsonValue(seed / 9, depth: depth + 1)])
        case 8 where depth < 2: return .object(["k": jsonValue(seed / 9, depth: depth + 1)])
        default: return .string("deep")
        }
    }

    @Test func arbitraryJSONProblemsKeepInvariants() async {
        let entries = zip(Gen.int(in: 0...(Self.keys.count - 1)), Gen.int(in: -100_000...100_000)).array(of: 0...8)
        let statuses = Gen.int(in: 100...599)
        await propertyCheck(input: entries, statuses) { entries, status in
            var object: [String: JSONValue] = [:]
            for (key, seed) in entries { object[Self.keys[key]] = Self.jsonValue(seed) }
            let body = try JSONEncoder().encode(JSONValue.object(object))
            let problem = ProblemMapper.fromHTTP(status: status, headers: ["x-request-id": "r"], body: body)
            #expect(problem.status == status)
            #expect(!problem.code.isEmpty)
            #expect(!problem.message.isEmpty)
            #expect(problem.retryable != nil)
            #expect((problem.retryAfterMs ?? 0) >= 0)
            if case .string(let code)? = object["code"], !code.isEmpty { #expect(problem.code == code) }
            if case .bool(let flag)? = object["retryable"] { #expect(problem.retryable == flag) }
            #expect(problem.correlationId != nil)
        }
    }

    @Test func arbitraryBytesNeverCrash() async {
        let bytes = Gen<UInt8>.value(in: 0...255).array(of: 0...64)
        await propertyCheck(input: bytes, Gen.int(in: 400...599)) { bytes, status in
            let problem = ProblemMapper.fromHTTP(status: status, headers: [:], body: Data(bytes))
            #expect(problem.status == status)
            #expect(!problem.code.isEmpty)
        }
    }
}
