import Foundation
import RonGateway
import RonGenerated
import Testing

@Suite("Slow, broken and large exchanges")
struct BrokenExchangeTests {
    @Test func slowRouteAnswersAfterTheDelay() async throws {
        try await withGateway { base in
            let clock = ContinuousClock()
            let started = clock.now
            let answer = try await HTTPExchange.send(url(base, "/app/_test/slow?delay_ms=300"))
            #expect(answer.status == 200)
            #expect(clock.now - started >= .milliseconds(300))
            #expect(try JSONDecoder().decode(Hello.self, from: answer.body).message.isEmpty == false)
        }
    }

    @Test func clientTimeoutFiresAgainstTheSlowRoute() async throws {
        try await withGateway { base in
            await #expect(throws: (any Error).self) {
                _ = try await HTTPExchange.send(url(base, "/app/_test/slow?delay_ms=3000"), timeout: 0.5)
            }
        }
    }

    @Test func slowRouteRejectsABadDelay() async throws {
        try await withGateway { base throws in
            #expect(try await HTTPExchange.send(url(base, "/app/_test/slow?delay_ms=99999999")).status == 400)
        }
    }

    @Test(arguments: ["drop-after-headers", "drop-before-response", "truncated"])
    func brokenConnectionsFailTheClient(route: String) async throws {
        try await withGateway { base in
            await #expect(throws: (any Error).self) {
                _ = try await HTTPExchange.send(url(base, "/app/_test/\(route)"), timeout: 5)
            }
        }
    }

    @Test func dropAfterHeadersSendsTheHeadThenCloses() async throws {
        try await withGateway { base in
            let request = Array("GET /app/_test/drop-after-headers HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            let text = String(
                decoding: try await RawSocket.exchange(port: base.port ?? 0, request: request), as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 200 OK"))
            #expect(text.lowercased().contains("content-length: 64"))
            #expect(text.hasSuffix("\r\n\r\n"))
        }
    }

    @Test func dropBeforeResponseSendsNothing() async throws {
        try await withGateway { base throws in
            let request = Array("GET /app/_test/drop-before-response HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            #expect(try await RawSocket.exchange(port: base.port ?? 0, request: request).isEmpty)
        }
    }

    @Test func truncatedBodyIsShorterThanItsContentLength() async throws {
        try await withGateway { base in
            let request = Array("GET /app/_test/truncated HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            let text = String(
                decoding: try await RawSocket.exchange(port: base.port ?? 0, request: request), as: UTF8.self)
            #expect(text.lowercased().contains("content-length: 1024"))
            let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined()
            #expect(body.utf8.count < 1_024 && !body.isEmpty)
        }
    }

    @Test func largeRouteSendsTheRequestedPattern() async throws {
        try await withGateway { base in
            let count = 3_000_017
            let answer = try await HTTPExchange.send(url(base, "/app/_test/large?bytes=\(count)"))
            #expect(answer.status == 200)
            #expect(answer.header("content-type") == "application/octet-stream")
            #expect(answer.body.count == count)
            #expect(answer.body == generatedPattern(count: count))
        }
    }

    @Test func malformedRequestGetsA400Problem() async throws {
        try await withGateway { base in
            let request = Array("THIS IS NOT HTTP\r\n\r\n".utf8)
            let text = String(
                decoding: try await RawSocket.exchange(port: base.port ?? 0, request: request), as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 400"))
            #expect(text.contains(#""code":"BAD_REQUEST""#))
            #expect(text.lowercased().contains("x-correlation-id: "))
            let after = try await HTTPExchange.send(url(base, "/app/hello"))
            #expect(after.status == 200)
        }
    }

    @Test func hugeHeadersGetA431Problem() async throws {
        try await withGateway { base in
            let filler = String(repeating: "a", count: 100_000)
            let request = Array("GET /app/hello HTTP/1.1\r\nHost: x\r\nX-Big: \(filler)\r\n\r\n".utf8)
            let text = String(
                decoding: try await RawSocket.exchange(port: base.port ?? 0, request: request), as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 431"))
            #expect(text.contains("header_overflow"))
        }
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        try await withGateway { base in
            let one = "GET /app/hello HTTP/1.1\r\nHost: x\r\n\r\n"
            let last = "GET /app/healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            let request = Array((one + one + last).utf8)
            let text = String(
                decoding: try await RawSocket.exchange(port: base.port ?? 0, request: request), as: UTF8.self)
            #expect(text.components(separatedBy: "HTTP/1.1 200 OK").count - 1 == 3)
        }
    }
}
