import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    /// RFC 9111's MUSTs the cache once missed: variants (§4.1), invalidation (§4.4), what may be
    /// served stale (§4.2.4), heuristic freshness (§4.2.2). Each over loopback HTTP, counting what
    /// reaches the server.
    @Suite("ResponseCache: variants, invalidation, offline rules, heuristics", .timeLimit(.minutes(1)))
    struct ResponseCacheRFCTests {
        static func languageServer() throws -> LoopbackServer {
            try LoopbackServer { request in
                .json(
                    200, #"{"message":"\#(request.header("accept-language") ?? "none")"}"#,
                    headers: ["Cache-Control": "max-age=600", "Vary": "Accept-Language"])
            }
        }

        static func get(_ client: RonClient, _ language: String) async -> AppResponse<Greeting> {
            await client.get("/hello", headers: ["Accept-Language": language])
        }

        @Test func eachVariantIsStoredApart() async throws {
            let server = try Self.languageServer()
            let client = try cachedClient(server, try ResponseCache())
            var answers: [String] = []
            for language in ["en", "fr", "en", "fr"] {
                answers.append(await Self.get(client, language).data?.message ?? "-")
            }
            #expect(answers == ["en", "fr", "en", "fr"])
            #expect(server.requests.count == 2)
        }

        @Test func variantsOutliveTheirCacheOnDisk() async throws {
            let directory = temporaryCacheDirectory()
            let server = try Self.languageServer()
            let first = try cachedClient(server, try ResponseCache(directory: directory))
            for language in ["en", "fr"] { _ = await Self.get(first, language) }
            let reopened = try cachedClient(server, try ResponseCache(directory: directory))
            let fr = await Self.get(reopened, "fr")
            let en = await Self.get(reopened, "en")
            #expect(fr.data?.message == "fr")
            #expect(en.data?.message == "en")
            #expect([fr.cache?.source, en.cache?.source] == [.hit, .hit])
            #expect(server.requests.count == 2)
        }

        @Test func theOldestVariantGoesBeyondMaxVariants() async throws {
            let directory = temporaryCacheDirectory()
            let clock = Locked(Date().timeIntervalSince1970)
            let server = try Self.languageServer()
            let cache = try clockedCache(clock, directory: directory, maxVariants: 2)
            let client = try cachedClient(server, cache)
            for language in ["en", "fr", "de"] {
                _ = await Self.get(client, language)
                clock.update { $0 += 1 }
            }
            #expect(ResponseCacheStorageTests.entryFiles(directory).count == 2)
            let de = await Self.get(client, "de")
            let fr = await Self.get(client, "fr")
            let en = await Self.get(client, "en")
            #expect([de.cache?.source, fr.cache?.source] == [.hit, .hit])
            #expect(en.cache == nil)
            #expect(server.requests.count == 4)
        }

        @Test func aWriteRemovesEveryStoredAnswerForItsURLWhoeverStoredIt() async throws {
            let directory = temporaryCacheDirectory()
            let server = try LoopbackServer { request in
                request.method == "GET"
                    ? .json(200, #"{"message":"list"}"#, headers: ["Cache-Control": "private, max-age=600"])
                    : .json(201, #"{"message":"made"}"#)
            }
            let cache = try ResponseCache(directory: directory)
            let alice = try cachedClient(server, cache, token: "alice")
            let bob = try cachedClient(server, cache, token: "bob")
            let _: AppResponse<Greeting> = await alice.get("/items")
            let _: AppResponse<Greeting> = await alice.get("/items")
            #expect(server.requests.count == 1)
            let _: AppResponse<Greeting> = await bob.post("/items", body: Greeting(message: "new"))
            #expect(ResponseCacheStorageTests.entryFiles(directory).isEmpty)
            let after: AppResponse<Greeting> = await alice.get("/items")
            #expect(after.cache == nil)
            #expect(server.requests.count == 3)
        }

        @Test func aFailedWriteRemovesNothing() async throws {
            let server = try LoopbackServer { request in
                request.method == "GET"
                    ? .json(200, #"{"message":"list"}"#, headers: ["Cache-Control": "max-age=600"])
                    : .json(409, #"{"code":"conflict","message":"no"}"#)
            }
            let client = try cachedClient(server, try ResponseCache())
            let _: AppResponse<Greeting> = await client.get("/items")
            let _: AppResponse<Greeting> = await client.delete("/items")
            let after: AppResponse<Greeting> = await client.get("/items")
            #expect(after.cache?.source == .hit)
            #expect(server.requests.count == 2)
        }

        @Test func aWriteAlsoRemovesItsSameOriginLocationAndContentLocation() async throws {
            let server = try LoopbackServer { request in
                if request.method == "GET" {
                    return .json(200, #"{"message":"\#(request.path)"}"#, headers: ["Cache-Control": "max-age=600"])
                }
                if request.path == "/app/items" {
                    return .json(
                        201, "{}",
                        headers: ["Location": "http://other.invalid/app/items/7", "Content-Location": "/app/items/7"])
                }
                return .json(201, "{}", headers: ["Location": "/app/items/8"])
            }
            let cache = try ResponseCache()
            let client = try cachedClient(server, cache)
            let elsewhere = TransportRequest(method: "GET", url: URL(string: "http://other.invalid/app/items/7")!)
            #expect(
                cache.store(TransportResponse(status: 200, headers: ["Cache-Control": "max-age=600"]), for: elsewhere))
            func read(_ path: String) async -> RonCacheInfo.Source? {
                let answer: AppResponse<Greeting> = await client.get(path)
                return answer.cache?.source
            }
            func write(_ path: String) async {
                let _: AppResponse<Data> = await client.request(
                    AppRequest(
                        method: .post, path: path, body: .init(data: Data("{}".utf8), contentType: "application/json")))
            }
            _ = await read("/items/7")
            _ = await read("/items/8")
            await write("/items")
            #expect(await read("/items/7") == nil)  // Content-Location, same origin
            #expect(await read("/items/8") == .hit)
            #expect(cache.cachedResponse(for: elsewhere) != nil)  // Location on another origin: kept
            await write("/items/more")
            #expect(await read("/items/8") == nil)  // Location, same origin
            #expect(server.requests.filter { $0.method == "GET" }.count == 4)
        }

        @Test(arguments: ["no-cache", "max-age=0, must-revalidate"])
        func offlineFallbackNeverServesWhatMustBeRevalidated(control: String) async throws {
            let server = try LoopbackServer { _ in
                .json(200, #"{"message":"kept"}"#, headers: ["Cache-Control": control, "ETag": "\"e\""])
            }
            let cache = try ResponseCache(policy: .returnStaleIfOffline)
            let client = try cachedClient(server, cache)
            let _: AppResponse<Greeting> = await client.get("/o")
            server.stop()
            let offline: AppResponse<Greeting> = await client.get("/o")
            #expect(offline.status == 0)
            #expect(offline.cache == nil)
            #expect(cache.statistics().offlineServed == 0)
        }

        @Test func offlineFallbackHonoursTheRequestsNoCache() async throws {
            let server = try LoopbackServer { _ in
                .json(200, #"{"message":"kept"}"#, headers: ["Cache-Control": "max-age=0"])
            }
            let client = try cachedClient(server, try ResponseCache(policy: .returnStaleIfOffline))
            let _: AppResponse<Greeting> = await client.get("/o")
            server.stop()
            let strict: AppResponse<Greeting> = await client.get("/o", headers: ["Cache-Control": "no-cache"])
            #expect(strict.status == 0)
            let lenient: AppResponse<Greeting> = await client.get("/o")
            #expect(lenient.cache?.source == .offline)
        }

        @Test func offlineFallbackStopsAtTheMaximumStaleness() async throws {
            let clock = Locked(Date().timeIntervalSince1970)
            let server = try LoopbackServer { _ in
                .json(200, #"{"message":"kept"}"#, headers: ["Cache-Control": "max-age=60"])
            }
            let cache = try clockedCache(clock, policy: .returnStaleIfOffline(maxStaleSeconds: 100))
            let client = try cachedClient(server, cache)
            let _: AppResponse<Greeting> = await client.get("/o")
            server.stop()
            clock.update { $0 += 150 }  // 90 s past its lifetime
            let within: AppResponse<Greeting> = await client.get("/o")
            #expect(within.cache?.source == .offline)
            #expect(within.cache?.ageSeconds == 150)
            clock.update { $0 += 20 }  // 110 s past it
            let beyond: AppResponse<Greeting> = await client.get("/o")
            #expect(beyond.status == 0)
            #expect(beyond.cache == nil)
        }

        @Test func lastModifiedAloneGivesHeuristicFreshness() async throws {
            let start = Date().timeIntervalSince1970
            let clock = Locked(start)
            let modified = httpDate(Date(timeIntervalSince1970: start - 1_000))
            let server = try LoopbackServer { request in
                if request.header("if-modified-since") == modified { return .respond(status: 304) }
                return .json(200, #"{"message":"m"}"#, headers: ["Last-Modified": modified])
            }
            let client = try cachedClient(server, try clockedCache(clock))
            let _: AppResponse<Greeting> = await client.get("/m")
            clock.update { $0 = start + 90 }  // a tenth of 1,000 s: fresh for 100 s
            let fresh: AppResponse<Greeting> = await client.get("/m")
            #expect(fresh.cache?.source == .hit)
            clock.update { $0 = start + 110 }
            let stale: AppResponse<Greeting> = await client.get("/m")
            #expect(stale.cache?.source == .revalidated)
            #expect(server.requests.count == 2)
            #expect(server.requests.last?.header("if-modified-since") == modified)
        }

        @Test(arguments: ["no-cache", "must-revalidate", "off"])
        func heuristicFreshnessIsOffWhenTheAnswerOrThePolicySaySo(setting: String) async throws {
            let modified = httpDate(Date().addingTimeInterval(-86_400))
            let server = try LoopbackServer { _ in
                var headers = ["Last-Modified": modified]
                if setting != "off" { headers["Cache-Control"] = setting }
                return .json(200, #"{"message":"m"}"#, headers: headers)
            }
            let policy = RonCachePolicy(heuristicFreshness: setting != "off")
            let client = try cachedClient(server, try ResponseCache(policy: policy))
            let _: AppResponse<Greeting> = await client.get("/m")
            let second: AppResponse<Greeting> = await client.get("/m")
            #expect(second.cache?.source != .hit)
            #expect(server.requests.count == 2)
        }
    }
}
