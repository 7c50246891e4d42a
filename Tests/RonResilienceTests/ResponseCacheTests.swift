import Foundation
import Testing

@testable import RonAppSdkSwift

/// A fresh private directory for one test's disk tier.
func temporaryCacheDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("ron-cache-\(UUID().uuidString)", isDirectory: true)
}

/// A client of `server` with `cache` turned on.
func cachedClient(_ server: LoopbackServer, _ cache: ResponseCache, token: String? = nil) throws -> RonClient {
    try makeClient(server) {
        $0.cache = cache
        $0.authToken = token
    }
}

/// A cache whose clock reads `clock` (seconds since 1970), for tests of ages and limits.
func clockedCache(
    _ clock: Locked<Double>, directory: URL? = nil, maxVariants: Int = 8, policy: RonCachePolicy = .useProtocol,
    partition: RonCachePartition = .credentials, willStore: ResponseCache.StoreHook? = nil
) throws -> ResponseCache {
    try ResponseCache(
        directory: directory, memoryLimitBytes: 8 << 20, diskLimitBytes: 64 << 20, maxEntryBytes: 1 << 20,
        maxVariants: maxVariants, policy: policy, partition: partition, willStore: willStore,
        clock: { clock.value })
}

/// `date` as an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`).
func httpDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
}

extension ResilienceTests {
    @Suite("ResponseCache: RFC 9111 over loopback HTTP", .timeLimit(.minutes(1)))
    struct ResponseCacheTests {
        @Test func freshAnswerIsServedWithoutTheNetwork() async throws {
            let server = try LoopbackServer { _ in
                .json(200, #"{"message":"hi"}"#, headers: ["Cache-Control": "max-age=60", "ETag": "\"v1\""])
            }
            let cache = try ResponseCache()
            let client = try cachedClient(server, cache)
            let first: AppResponse<Greeting> = await client.get("/hello")
            let second: AppResponse<Greeting> = await client.get("/hello")
            #expect(first.cache == nil)
            #expect(second.data == Greeting(message: "hi"))
            #expect(second.cache?.source == .hit)
            #expect(second.header("age") != nil)
            #expect(server.requests.count == 1)
            #expect(cache.statistics().hits == 1)
            #expect(cache.statistics().misses == 1)
        }

        @Test func staleEntryIsRevalidatedWithETagAnd304UsesTheStoredBody() async throws {
            let server = try LoopbackServer { request in
                if request.header("if-none-match") == "\"v1\"" {
                    return .respond(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=0"])
                }
                return .json(200, #"{"message":"stored"}"#, headers: ["Cache-Control": "max-age=0", "ETag": "\"v1\""])
            }
            let cache = try ResponseCache()
            let client = try cachedClient(server, cache)
            let _: AppResponse<Greeting> = await client.get("/hello")
            let second: AppResponse<Greeting> = await client.get("/hello")
            #expect(server.requests.count == 2)
            #expect(server.requests.last?.header("if-none-match") == "\"v1\"")
            #expect(second.status == 200)
            #expect(second.data == Greeting(message: "stored"))
            #expect(second.cache?.source == .revalidated)
            #expect(cache.statistics().revalidations == 1)
            #expect(cache.statistics().notModified == 1)
        }

        @Test func lastModifiedIsSentAsIfModifiedSince() async throws {
            let stamp = "Sun, 06 Nov 1994 08:49:37 GMT"
            let server = try LoopbackServer { request in
                if request.header("if-modified-since") == stamp { return .respond(status: 304) }
                // max-age=0: stale at once, whatever heuristic freshness the date would give.
                return .json(
                    200, #"{"message":"old"}"#, headers: ["Last-Modified": stamp, "Cache-Control": "max-age=0"])
            }
            let client = try cachedClient(server, try ResponseCache())
            let _: AppResponse<Greeting> = await client.get("/hello")
            let second: AppResponse<Greeting> = await client.get("/hello")
            #expect(server.requests.last?.header("if-modified-since") == stamp)
            #expect(second.data == Greeting(message: "old"))
            #expect(second.cache?.source == .revalidated)
        }

        @Test func noCacheAnswerIsRevalidatedEveryTime() async throws {
            let server = try LoopbackServer { request in
                if request.header("if-none-match") != nil { return .respond(status: 304) }
                return .json(
                    200, #"{"message":"x"}"#, headers: ["Cache-Control": "no-cache, max-age=600", "ETag": "\"a\""])
            }
            let client = try cachedClient(server, try ResponseCache())
            for _ in 0..<3 {
                let _: AppResponse<Greeting> = await client.get("/hello")
            }
            #expect(server.requests.count == 3)
            #expect(server.requests.dropFirst().allSatisfy { $0.header("if-none-match") == "\"a\"" })
        }

        @Test func ageBeyondMaxAgeIsStale() async throws {
            let server = try LoopbackServer { _ in
                .json(200, #"{"message":"x"}"#, headers: ["Cache-Control": "max-age=60", "Age": "120"])
            }
            let client = try cachedClient(server, try ResponseCache())
            let _: AppResponse<Greeting> = await client.get("/hello")
            let _: AppResponse<Greeting> = await client.get("/hello")
            #expect(server.requests.count == 2)
        }

        @Test func expiresInThePastIsStaleAndInTheFutureIsFresh() async throws {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let server = try LoopbackServer { request in
                let now = Date()
                let expires = now.addingTimeInterval(request.path.hasPrefix("/app/past") ? -1 : 3_600)
                return .json(
                    200, #"{"message":"x"}"#,
                    headers: ["Date": formatter.string(from: now), "Expires": formatter.string(from: expires)])
            }
            let client = try cachedClient(server, try ResponseCache())
            for path in ["/past", "/past", "/future", "/future"] {
                let _: AppResponse<Greeting> = await client.get(path)
            }
            #expect(server.requests.map(\.path) == ["/app/past", "/app/past", "/app/future"])
        }

        @Test func oneUsersAnswerIsNeverServedToAnotherToken() async throws {
            let server = try LoopbackServer { request in
                .json(
                    200, #"{"message":"\#(request.header("authorization") ?? "-")"}"#,
                    headers: ["Cache-Control": "private, max-age=600"])
            }
            let cache = try ResponseCache()
            let alice = try cachedClient(server, cache, token: "alice")
            let bob = try cachedClient(server, cache, token: "bob")
            let a1: AppResponse<Greeting> = await alice.get("/me")
            let b1: AppResponse<Greeting> = await bob.get("/me")
            let a2: AppResponse<Greeting> = await alice.get("/me")
            #expect(a1.data?.message == "Bearer alice")
            #expect(b1.data?.message == "Bearer bob")
            #expect(b1.cache == nil)
            #expect(a2.data?.message == "Bearer alice")
            #expect(a2.cache?.source == .hit)
            #expect(server.requests.count == 2)
        }

        @Test func varyKeepsVariantsApart() async throws {
            let server = try LoopbackServer { request in
                .json(
                    200, #"{"message":"\#(request.header("accept-language") ?? "none")"}"#,
                    headers: ["Cache-Control": "max-age=600", "Vary": "Accept-Language"])
            }
            let client = try cachedClient(server, try ResponseCache())
            let en: AppResponse<Greeting> = await client.get("/hello", headers: ["Accept-Language": "en"])
            let fr: AppResponse<Greeting> = await client.get("/hello", headers: ["Accept-Language": "fr"])
            let fr2: AppResponse<Greeting> = await client.get("/hello", headers: ["Accept-Language": "fr"])
            #expect(en.data?.message == "en")
            #expect(fr.data?.message == "fr")
            #expect(fr2.data?.message == "fr")
            #expect(fr2.cache?.source == .hit)
            #expect(server.requests.count == 2)
        }

        @Test func varyStarIsNeverStored() async throws {
            let server = try LoopbackServer { _ in
                .json(200, #"{"message":"x"}"#, headers: ["Cache-Control": "max-age=600", "Vary": "*"])
            }
            let client = try cachedClient(server, try ResponseCache())
            let _: AppResponse<Greeting> = await client.get("/hello")
            let _: AppResponse<Greeting> = await client.get("/hello")
            #expect(server.requests.count == 2)
        }

        @Test func perCallReloadAndReturnCacheElseLoad() async throws {
            let server = try LoopbackServer { _ in
                .json(200, #"{"message":"x"}"#, headers: ["Cache-Control": "max-age=600"])
            }
            let client = try cachedClient(server, try ResponseCache())
            let _: AppResponse<Greeting> = await client.get("/hello")
            let reloaded: AppResponse<Greeting> = await client.request(AppRequest(path: "/hello").cache(.reload))
            #expect(reloaded.cache == nil)
            #expect(server.requests.count == 2)

            let stale = try LoopbackServer { _ in
                .json(200, #"{"message":"s"}"#, headers: ["Cache-Control": "max-age=0"])
            }
            let staleClient = try cachedClient(stale, try ResponseCache())
            let _: AppResponse<Greeting> = await staleClient.get("/hello")
            let kept: AppResponse<Greeting> = await staleClient.request(
                AppRequest(path: "/hello").cache(.returnCacheElseLoad))
            #expect(kept.data?.message == "s")
            #expect(kept.cache?.source == .hit)
            #expect(stale.requests.count == 1)
        }

        @Test func ttlCoversServersThatSendNoHeaders() async throws {
            let server = try LoopbackServer { _ in .json(200, #"{"message":"x"}"#) }
            let client = try cachedClient(server, try ResponseCache())
            let _: AppResponse<Greeting> = await client.get("/hello")
            let _: AppResponse<Greeting> = await client.get("/hello")
            #expect(server.requests.count == 2)
            let withTTL: AppResponse<Greeting> = await client.request(
                AppRequest(path: "/hello").cache(.ttl(seconds: 60)))
            #expect(withTTL.cache?.source == .hit)
            #expect(server.requests.count == 2)
        }

        @Test func staleWhileRevalidateServesStaleAndRefreshesInTheBackground() async throws {
            let server = try LoopbackServer { request in
                if request.header("if-none-match") != nil { return .respond(status: 304, headers: ["ETag": "\"s\""]) }
                return .json(
                    200, #"{"message":"x"}"#,
                    headers: ["Cache-Control": "max-age=0, stale-while-revalidate=600", "ETag": "\"s\""])
            }
            let cache = try ResponseCache()
            let client = try cachedClient(server, cache)
            let _: AppResponse<Greeting> = await client.get("/hello")
            let stale: AppResponse<Greeting> = await client.get("/hello")
            #expect(stale.cache?.source == .stale)
            #expect(stale.data?.message == "x")
            for _ in 0..<10_000 where cache.statistics().notModified == 0 {
                try await Task.sleep(for: .milliseconds(1))
            }
            #expect(cache.statistics().notModified == 1)
            #expect(server.requests.last?.header("if-none-match") == "\"s\"")
        }

        @Test func mustRevalidateWithoutStaleWhileRevalidate() async throws {
            let server = try LoopbackServer { _ in
                .json(
                    200, #"{"message":"x"}"#,
                    headers: ["Cache-Control": "max-age=0, must-revalidate, stale-while-revalidate=600"])
            }
            let client = try cachedClient(server, try ResponseCache())
            let _: AppResponse<Greeting> = await client.get("/hello")
            let second: AppResponse<Greeting> = await client.get("/hello")
            #expect(second.cache == nil)
            #expect(server.requests.count == 2)
        }

        @Test func successfulWriteRemovesTheEntryOfItsURL() async throws {
            let server = try LoopbackServer { _ in
                .json(200, #"{"message":"x"}"#, headers: ["Cache-Control": "max-age=600"])
            }
            let client = try cachedClient(server, try ResponseCache())
            let _: AppResponse<Greeting> = await client.get("/items")
            let _: AppResponse<Greeting> = await client.post("/items", body: Greeting(message: "new"))
            let after: AppResponse<Greeting> = await client.get("/items")
            #expect(after.cache == nil)
            #expect(server.requests.count == 3)
        }

        @Test func headIsAnsweredFromAGetEntryWithoutBody() async throws {
            let server = try LoopbackServer { _ in
                .json(200, #"{"message":"x"}"#, headers: ["Cache-Control": "max-age=600"])
            }
            let client = try cachedClient(server, try ResponseCache())
            let _: AppResponse<Greeting> = await client.get("/hello")
            let head: AppResponse<Data> = await client.request(AppRequest(method: .head, path: "/hello"))
            #expect(head.cache?.source == .hit)
            #expect(head.raw?.isEmpty == true)
            #expect(server.requests.count == 1)
        }

        @Test func eventsCarryTheCacheSource() async throws {
            let server = try LoopbackServer { _ in
                .json(200, #"{"message":"x"}"#, headers: ["Cache-Control": "max-age=600"])
            }
            let client = try cachedClient(server, try ResponseCache())
            let events = client.events()
            let _: AppResponse<Greeting> = await client.get("/hello")
            let _: AppResponse<Greeting> = await client.get("/hello")
            var finished: [RonRequestFinishedEvent] = []
            for await event in events {
                if case .finished(let done) = event { finished.append(done) }
                if finished.count == 2 { break }
            }
            #expect(finished.map(\.cache?.source) == [nil, .hit])
        }

        @Test func sha256MatchesTheStandardVectors() {
            #expect(SHA256Digest.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
            #expect(SHA256Digest.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
            let long = String(repeating: "a", count: 1_000)
            #expect(SHA256Digest.hex(long) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        }
    }
}
