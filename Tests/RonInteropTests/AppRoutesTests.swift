import Foundation
import RonGateway
import RonGenerated
import Testing

@Suite("App routes over real HTTP")
struct AppRoutesTests {
    @Test func healthzAnswersHealthWithJSONAndIds() async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send(url(base, "/app/healthz"))
            #expect(answer.status == 200)
            #expect(answer.header("content-type") == "application/json")
            let health = try JSONDecoder().decode(Health.self, from: answer.body)
            #expect(health.ok)
            #expect(health.note?.isEmpty == false)
            #expect(answer.header("x-correlation-id")?.isEmpty == false)
            #expect(answer.header("x-request-id")?.hasPrefix("r-") == true)
        }
    }

    @Test func rootProbesAnswerPlainText() async throws {
        try await withGateway { base in
            let health = try await HTTPExchange.send(url(base, "/healthz"))
            #expect(health.status == 200)
            #expect(String(decoding: health.body, as: UTF8.self) == "ok")
            let ready = try await HTTPExchange.send(url(base, "/readyz"))
            #expect(String(decoding: ready.body, as: UTF8.self) == "ready")
        }
    }

    @Test func helloAnswersHello() async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send(url(base, "/app/hello"))
            #expect(answer.status == 200)
            #expect(keys(answer) == ["message"])
            let hello = try JSONDecoder().decode(Hello.self, from: answer.body)
            #expect(!hello.message.isEmpty)
        }
    }

    @Test func echoReturnsTheBodyUnchanged() async throws {
        try await withGateway { base in
            let sent: JSONValue = ["name": "ron", "n": 9_007_199_254_740_993, "list": [true, nil, 1.5]]
            let answer = try await HTTPExchange.send(
                "POST", url(base, "/app/echo"), headers: ["content-type": "application/json"],
                body: try JSONEncoder().encode(sent))
            #expect(answer.status == 200)
            let reply = try JSONDecoder().decode(EchoReply.self, from: answer.body)
            #expect(reply.echo == sent)
            #expect(reply.headers == nil)
            #expect(keys(answer) == ["echo"])
        }
    }

    @Test func echoWithHeadersFlagReturnsLowerCasedRequestHeaders() async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send(
                "POST", url(base, "/app/echo?headers=1"),
                headers: [
                    "Content-Type": "application/json", "Authorization": "Bearer t0k",
                    "X-RON-Passport": "pass-1", "Idempotency-Key": "idem-7", "X-Request-Id": "req-9",
                ],
                body: Data("[1,2]".utf8))
            let reply = try JSONDecoder().decode(EchoReply.self, from: answer.body)
            #expect(reply.echo == [1, 2])
            let headers = try #require(reply.headers)
            #expect(headers["authorization"] == "Bearer t0k")
            #expect(headers["x-ron-passport"] == "pass-1")
            #expect(headers["idempotency-key"] == "idem-7")
            #expect(headers["x-request-id"] == "req-9")
            #expect(headers.keys.allSatisfy { $0 == $0.lowercased() })
        }
    }

    @Test(arguments: ["", "{not json", "[1,"])
    func echoRejectsABodyThatIsNotJSON(body: String) async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send("POST", url(base, "/app/echo"), body: Data(body.utf8))
            #expect(answer.status == 400)
            #expect(keys(answer) == ["code", "message", "retryable", "reason"])
            let problem = try JSONDecoder().decode(RonProblem.self, from: answer.body)
            #expect(problem.code == "BAD_REQUEST")
            #expect(problem.retryable == false)
        }
    }

    @Test func itemsPaginateEndToEnd() async throws {
        try await withGateway { base in
            var token: String?
            var pages: [ItemPage] = []
            repeat {
                let query = token.map { "?page_token=\($0)" } ?? ""
                let answer = try await HTTPExchange.send(url(base, "/app/items\(query)"))
                #expect(answer.status == 200)
                let page = try JSONDecoder().decode(ItemPage.self, from: answer.body)
                pages.append(page)
                token = page.nextPageToken
                if token == nil { #expect(answer.jsonObject?["next_page_token"] is NSNull) }
            } while token != nil && pages.count < 10
            #expect(pages.map(\.items.count) == [10, 10, 3])
            let ids = pages.flatMap(\.items).map(\.id)
            #expect(Set(ids).count == 23)
        }
    }

    @Test func itemsHonourPageSizeAndKeepWireFormats() async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send(url(base, "/app/items?page_size=100"))
            let page = try JSONDecoder().decode(ItemPage.self, from: answer.body)
            #expect(page.items.count == 23)
            #expect(page.nextPageToken == nil)
            let raw = try #require(answer.jsonObject?["items"] as? [[String: Any]])
            #expect(raw.allSatisfy { $0["version"] is String })
            #expect(page.items.contains { $0.sizeBytes > 9_007_199_254_740_992 })
            #expect(page.items.contains { $0.checksum != nil } && page.items.contains { $0.checksum == nil })
            let again = try JSONDecoder().decode(
                ItemPage.self, from: try await HTTPExchange.send(url(base, "/app/items?page_size=100")).body)
            #expect(again == page)
        }
    }

    @Test(arguments: ["page_size=0", "page_size=101", "page_size=ten", "page_size=-1", "page_token=bogus"])
    func itemsRejectBadPagingParameters(query: String) async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send(url(base, "/app/items?\(query)"))
            #expect(answer.status == 400)
            let problem = try JSONDecoder().decode(RonProblem.self, from: answer.body)
            #expect(problem.code == "BAD_REQUEST")
        }
    }

    @Test func correlationIdIsEchoedOrDerivedOrFresh() async throws {
        try await withGateway { base in
            let sent = try await HTTPExchange.send(
                url(base, "/app/hello"), headers: ["x-correlation-id": "corr-1", "x-request-id": "req-1"])
            #expect(sent.header("x-correlation-id") == "corr-1")
            #expect(sent.header("x-request-id") == "req-1")
            let fromRequestId = try await HTTPExchange.send(url(base, "/app/hello"), headers: ["x-request-id": "req-2"])
            #expect(fromRequestId.header("x-correlation-id") == "req-2")
            let first = try await HTTPExchange.send(url(base, "/app/hello"))
            let second = try await HTTPExchange.send(url(base, "/app/hello"))
            let firstId = try #require(first.header("x-correlation-id"))
            #expect(firstId.count == 32)
            #expect(firstId != second.header("x-correlation-id"))
        }
    }

    /// Only 1–256 visible ASCII characters are taken from a caller: anything else gets ids of the
    /// gateway's own (a correlation id that is not usable falls back to a usable request id).
    @Test func unusableIdsAreReplaced() async throws {
        try await withGateway { base in
            let spaced = try await HTTPExchange.send(url(base, "/app/hello"), headers: ["x-request-id": "req 3"])
            #expect(spaced.header("x-request-id")?.hasPrefix("r-") == true)
            let long = String(repeating: "a", count: 257)
            let tooLong = try await HTTPExchange.send(url(base, "/app/hello"), headers: ["x-request-id": long])
            #expect(tooLong.header("x-request-id")?.hasPrefix("r-") == true)
            let longest = String(repeating: "b", count: 256)
            let kept = try await HTTPExchange.send(url(base, "/app/hello"), headers: ["x-request-id": longest])
            #expect(kept.header("x-request-id") == longest)
            let accented = try await HTTPExchange.send(
                url(base, "/app/hello"), headers: ["x-request-id": "req-4", "x-correlation-id": "corr-é"])
            #expect(accented.header("x-correlation-id") == "req-4")
        }
    }
}
