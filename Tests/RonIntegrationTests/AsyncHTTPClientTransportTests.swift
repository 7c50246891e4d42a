#if AsyncHTTPClient
    import Foundation
    import RonAppSdkSwift
    import RonGateway
    import Testing

    @testable import RonAppSdkSwift

    /// `AsyncHTTPClientTransport` against the embedded gateway over loopback HTTP.
    @Suite("AsyncHTTPClientTransport") struct AsyncHTTPClientTransportTests {
        /// Runs `body` with a client on a new transport, shutting both down afterwards.
        func withClient(
            _ base: URL, config: (inout RonConfig) -> Void = { _ in },
            _ body: (RonClient, AsyncHTTPClientTransport) async throws -> Void
        ) async throws {
            try await withAsyncHTTPClient(base, config: config, body)
        }

        @Test("calls return their bodies and every status")
        func callsAndStatuses() async throws {
            try await onGateway { base in
                try await withClient(base) { client, _ in
                    let hello: AppResponse<Hello> = await client.get("/hello")
                    #expect(hello.status == 200)
                    #expect((try? hello.value())?.message.isEmpty == false)
                    let missing: AppResponse<Hello> = await client.get("/_test/not-found")
                    #expect(missing.status == 404)
                    #expect(missing.problem?.status == 404)
                    let busy: AppResponse<Hello> = await client.get("/_test/unavailable")
                    #expect(busy.status == 503)
                    #expect(busy.problem?.code == "too_busy")
                    let teapot: AppResponse<Hello> = await client.get("/_test/status/418")
                    #expect(teapot.status == 418)
                }
            }
        }

        @Test("a POST body arrives and the answer comes back")
        func postBody() async throws {
            try await onGateway { base in
                try await withClient(base) { _, transport in
                    let payload = Data(#"{"message":"round trip"}"#.utf8)
                    let response = try await transport.send(
                        TransportRequest(
                            method: "POST", url: base.appendingPathComponent("app/echo"),
                            headers: ["Content-Type": "application/json"], body: payload))
                    #expect(response.status == 200)
                    #expect(String(decoding: response.body, as: UTF8.self).contains("round trip"))
                    #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
                }
            }
        }

        @Test("bodies up to the limit pass, larger ones are response_too_large")
        func responseLimit() async throws {
            try await onGateway { base in
                try await withClient(base) { client, transport in
                    let limit = RonSDK.maxResponseBytes
                    let atLimit: AppResponse<Data> = await client.get("/_test/large", query: ["bytes": String(limit)])
                    #expect((try? atLimit.value())?.count == limit)
                    let tooBig: AppResponse<Data> = await client.get(
                        "/_test/large", query: ["bytes": String(limit + 1)])
                    #expect(tooBig.problem?.code == "response_too_large")
                    let small = TransportRequest(
                        method: "GET", url: URL(string: base.absoluteString + "/app/_test/large?bytes=2000")!,
                        maxResponseBytes: 1_000)
                    do {
                        _ = try await transport.send(small)
                        Issue.record("a body over the limit was returned")
                    } catch let failure as TransportFailure {
                        #expect(failure.cause == .responseTooLarge)
                    }
                }
            }
        }

        @Test("the request's timeout ends a slow call with local_timeout")
        func timeout() async throws {
            try await onGateway { base in
                try await withClient(base, config: { $0.overallTimeoutMs = 300 }) { client, transport in
                    let slow: AppResponse<Hello> = await client.get("/_test/slow", query: ["delay_ms": "5000"])
                    #expect(slow.problem?.code == "local_timeout")
                    let request = TransportRequest(
                        method: "GET", url: URL(string: base.absoluteString + "/app/_test/slow?delay_ms=5000")!,
                        timeoutMs: 200)
                    do {
                        _ = try await transport.send(request)
                        Issue.record("a slow call returned")
                    } catch let failure as TransportFailure {
                        #expect(failure.cause == .timeout)
                    }
                }
            }
        }

        @Test(
            "broken exchanges map to the URLSession transport's causes",
            arguments: [
                ("drop-before-response", TransportFailure.Cause.connectionReset),
                ("drop-after-headers", .truncatedBody),
                ("truncated", .truncatedBody),
            ])
        func brokenExchanges(route: String, cause: TransportFailure.Cause) async throws {
            try await onGateway { base in
                try await withClient(base) { client, transport in
                    let request = TransportRequest(
                        method: "GET", url: URL(string: base.absoluteString + "/app/_test/\(route)")!)
                    do {
                        _ = try await transport.send(request)
                        Issue.record("\(route) returned a response")
                    } catch let failure as TransportFailure {
                        #expect(failure.cause == cause, "\(failure)")
                    }
                    let answer: AppResponse<Hello> = await client.get("/_test/\(route)")
                    #expect(answer.problem?.kind == "transport")
                    #expect(answer.problem?.status == 0)
                }
            }
        }

        @Test("nothing listening is connect_failed")
        func connectRefused() async throws {
            let gateway = EmbeddedGateway()
            let dead = try await gateway.start()
            try await gateway.stop()
            let transport = AsyncHTTPClientTransport()
            defer { Task { try? await transport.shutdown() } }
            let request = TransportRequest(
                method: "GET", url: dead.appendingPathComponent("app/hello"), timeoutMs: 2_000)
            do {
                _ = try await transport.send(request)
                Issue.record("a call to a closed port returned")
            } catch let failure as TransportFailure {
                #expect(failure.cause == .connectFailed, "\(failure)")
            }
        }

        @Test("subscriptions stream server-sent events over the transport")
        func serverSentEvents() async throws {
            try await onGateway { base in
                try await withClient(base) { client, transport in
                    let stream = try await client.subscribe(
                        StreamTick.self, path: "/events", query: ["count": "4", "interval_ms": "10"])
                    var seen: [UInt64] = []
                    for try await tick in stream { seen.append(tick.seq) }
                    #expect(seen == [1, 2, 3, 4])
                    let head = try await transport.stream(
                        TransportRequest(
                            method: "GET", url: URL(string: base.absoluteString + "/app/events?count=2&interval_ms=0")!,
                            headers: ["Accept": "text/event-stream"]))
                    #expect(head.status == 200)
                    #expect(head.headers["content-type"]?.hasPrefix("text/event-stream") == true)
                    var text = ""
                    for try await chunk in head.body { text += String(decoding: chunk, as: UTF8.self) }
                    #expect(text.contains("id: 2"))
                }
            }
        }

        @Test("a redirect from https to http is refused")
        func insecureRedirect() throws {
            let hop = RedirectHop(TransportRequest(method: "GET", url: URL(string: "https://node.example/app/hello")!))
            #expect(throws: TransportFailure(.insecureRedirect)) {
                _ = try hop.next(status: 302, location: "http://node.example/app/hello")
            }
            let same = try #require(try hop.next(status: 307, location: "https://node.example/app/other"))
            #expect(same.url.absoluteString == "https://node.example/app/other")
        }

        @Test("a redirect to another origin drops credentials and never carries a body; 303 makes a GET")
        func redirectRewrites() throws {
            let get = RedirectHop(
                TransportRequest(
                    method: "GET", url: URL(string: "http://127.0.0.1:1/app/items")!,
                    headers: ["Authorization": "Bearer t", "X-RON-Passport": "p", "X-Api-Key": "k", "Accept": "x"]))
            let other = try #require(try get.next(status: 302, location: "http://other.example/app/items"))
            #expect(other.headers.map { $0.name.lowercased() } == ["accept"])
            let samePort = try #require(try get.next(status: 302, location: "/app/items?page=2"))
            #expect(samePort.headers["authorization"] == "Bearer t")
            #expect(samePort.url.absoluteString == "http://127.0.0.1:1/app/items?page=2")
            let post = RedirectHop(
                TransportRequest(
                    method: "POST", url: URL(string: "http://127.0.0.1:1/app/items")!,
                    headers: ["Authorization": "Bearer t", "Content-Type": "application/json"],
                    body: Data("{}".utf8)))
            do {
                _ = try post.next(status: 307, location: "http://other.example/app/items")
                Issue.record("a body was carried to another origin")
            } catch let failure as TransportFailure {
                #expect(failure.cause == .crossOriginBodyRedirect)
            }
            let seeOther = try #require(try post.next(status: 303, location: "/app/items/1"))
            #expect(seeOther.method == "GET" && seeOther.body == nil)
            #expect(seeOther.headers["authorization"] == "Bearer t")
            #expect(seeOther.headers["content-type"] == nil)
            #expect(try post.next(status: 304, location: "/x") == nil)
        }
    }
#endif
