import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    /// The cache's controls: management, cache-only, the store hook, partitions, its place in the
    /// pipeline. Over loopback HTTP, counting what reaches the server.
    @Suite("ResponseCache: controls", .timeLimit(.minutes(1)))
    struct ResponseCacheControlTests {
        static let fresh: [String: String] = ["Cache-Control": "max-age=600"]

        static func helloServer(_ headers: [String: String] = fresh) throws -> LoopbackServer {
            try LoopbackServer { request in
                .json(200, #"{"message":"\#(request.path)"}"#, headers: headers)
            }
        }

        @Test func cacheIsAParameterOfTheConfigAndRunsOnceInnermost() async throws {
            let server = try Self.helloServer()
            let cache = try ResponseCache()
            let config = RonConfig(
                baseUrl: server.baseURL, allowInsecureHttp: true, retry: fastPolicy(), cache: cache)
            let client = try RonClient(config: config)
            #expect(client.chain.layers.last is CacheStage)
            #expect(client.chain.layers.filter { $0 is CacheStage }.count == 1)
            #expect(!((cache as Any) is any RonMiddleware))
            let _: AppResponse<Greeting> = await client.get("/a")
            let second: AppResponse<Greeting> = await client.get("/a")
            #expect(second.cache?.source == .hit)
            #expect(server.requests.count == 1)
        }

        @Test func cacheOnlyNeverTouchesTheNetwork() async throws {
            let server = try Self.helloServer(["Cache-Control": "max-age=0"])
            let cache = try ResponseCache()
            let client = try makeClient(server) {
                $0.cache = cache
                $0.retry = fastPolicy()
            }
            let missing: AppResponse<Greeting> = await client.request(
                AppRequest(path: "/c").cache(.returnCacheDontLoad))
            #expect(missing.status == 504)
            #expect(missing.problem?.code == "not_cached")
            #expect(missing.problem?.retryable == false)
            #expect(server.requests.isEmpty)
            let _: AppResponse<Greeting> = await client.get("/c")
            let stale: AppResponse<Greeting> = await client.request(AppRequest(path: "/c").cache(.returnCacheDontLoad))
            #expect(stale.data?.message == "/app/c")
            #expect(stale.cache?.source == .hit)
            let onlyIfCached: AppResponse<Greeting> = await client.get(
                "/c", headers: ["Cache-Control": "only-if-cached"])
            #expect(onlyIfCached.cache?.source == .hit)
            let otherOnlyIfCached: AppResponse<Greeting> = await client.get(
                "/d", headers: ["Cache-Control": "only-if-cached"])
            #expect(otherOnlyIfCached.problem?.code == "not_cached")
            #expect(server.requests.count == 1)
        }

        @Test func storeHookSkipsOrChangesWhatIsStored() async throws {
            let server = try LoopbackServer { request in
                .json(
                    200, #"{"message":"\#(request.path)"}"#,
                    headers: ["Cache-Control": request.path.hasSuffix("skip") ? "max-age=600" : "no-store"])
            }
            let seen = Locked<[String]>([])
            let cache = try ResponseCache(willStore: { request, response in
                seen.update { $0.append(request.url.path) }
                if request.url.path.hasSuffix("skip") { return nil }
                var kept = response
                kept.headers["cache-control"] = "max-age=600"
                return kept
            })
            let client = try cachedClient(server, cache)
            for path in ["/skip", "/skip", "/keep", "/keep"] {
                let answer: AppResponse<Greeting> = await client.get(path)
                if path == "/keep", answer.cache == nil { #expect(answer.header("cache-control") == "no-store") }
            }
            #expect(server.requests.map(\.path) == ["/app/skip", "/app/skip", "/app/keep"])
            #expect(seen.value == ["/app/skip", "/app/skip", "/app/keep"])
        }

        @Test func aPartitionOfTheAppsOwnSurvivesATokenRefresh() async throws {
            let server = try Self.helloServer()
            let token = Locked("first")
            let user = Locked<String?>("user-1")
            let cache = try ResponseCache(partition: .custom { _ in user.value })
            let client = try makeClient(server) {
                $0.cache = cache
                $0.headerProvider = { ["Authorization": "Bearer \(token.value)"] }
            }
            let _: AppResponse<Greeting> = await client.get("/me")
            token.update { $0 = "refreshed" }
            let afterRefresh: AppResponse<Greeting> = await client.get("/me")
            #expect(afterRefresh.cache?.source == .hit)
            user.update { $0 = "user-2" }
            let otherUser: AppResponse<Greeting> = await client.get("/me")
            #expect(otherUser.cache == nil)
            user.update { $0 = nil }
            let signedOut: AppResponse<Greeting> = await client.get("/me")
            let signedOutAgain: AppResponse<Greeting> = await client.get("/me")
            #expect(signedOut.cache == nil && signedOutAgain.cache == nil)
            #expect(server.requests.count == 4)
        }

        @Test func theDefaultPartitionFollowsTheCredentialsButNotTheRequestIds() async throws {
            #expect(!CredentialPolicy.isCredential("X-RON-Request-Id"))
            #expect(!CredentialPolicy.isCredential("x-ron-correlation-id"))
            #expect(CredentialPolicy.isCredential("X-RON-Passport"))
            #expect(CredentialPolicy.isCredential("X-RON-Anything"))
            let server = try Self.helloServer()
            let client = try cachedClient(server, try ResponseCache(), token: "t")
            let _: AppResponse<Greeting> = await client.get("/ids", headers: ["X-RON-Request-Id": "one"])
            let second: AppResponse<Greeting> = await client.get(
                "/ids", headers: ["X-RON-Request-Id": "two", "X-RON-Correlation-Id": "c"])
            #expect(second.cache?.source == .hit)
            let passport: AppResponse<Greeting> = await client.get("/ids", headers: ["X-RON-Passport": "p"])
            #expect(passport.cache == nil)
            #expect(server.requests.count == 2)
        }

        @Test func lookUpStoreAheadAndRemoveOne() async throws {
            let server = try Self.helloServer()
            let cache = try ResponseCache(directory: temporaryCacheDirectory())
            let client = try cachedClient(server, cache, token: "t")
            let ahead = try await client.transportRequest(for: AppRequest(path: "/ahead"))
            #expect(cache.cachedResponse(for: ahead) == nil)
            let stored = cache.store(
                TransportResponse(
                    status: 200, headers: ["Cache-Control": "max-age=600", "Content-Type": "application/json"],
                    body: Data(#"{"message":"ahead"}"#.utf8)),
                for: ahead)
            #expect(stored)
            let found = try #require(cache.cachedResponse(for: ahead))
            #expect(found.isFresh)
            #expect(found.response.body == Data(#"{"message":"ahead"}"#.utf8))
            let served: AppResponse<Greeting> = await client.get("/ahead")
            #expect(served.data?.message == "ahead")
            #expect(server.requests.isEmpty)
            #expect(!cache.store(TransportResponse(status: 200, headers: ["Cache-Control": "no-store"]), for: ahead))
            cache.removeResponse(for: ahead)
            #expect(cache.cachedResponse(for: ahead) == nil)
            let reloaded: AppResponse<Greeting> = await client.get("/ahead")
            #expect(reloaded.data?.message == "/app/ahead")
            #expect(server.requests.count == 1)
        }

        @Test func removeEveryAnswerForAURLAndThoseOlderThanADate() async throws {
            let directory = temporaryCacheDirectory()
            let start = Date().timeIntervalSince1970
            let clock = Locked(start)
            let server = try Self.helloServer()
            let cache = try clockedCache(clock, directory: directory)
            let alice = try cachedClient(server, cache, token: "alice")
            let bob = try cachedClient(server, cache, token: "bob")
            let _: AppResponse<Greeting> = await alice.get("/old")
            let _: AppResponse<Greeting> = await bob.get("/old")
            clock.update { $0 = start + 100 }
            let _: AppResponse<Greeting> = await alice.get("/new")
            #expect(cache.usage().memoryEntries == 3)
            #expect(ResponseCacheStorageTests.entryFiles(directory).count == 3)
            cache.removeResponses(storedBefore: Date(timeIntervalSince1970: start + 50))
            #expect(cache.usage().memoryEntries == 1)
            #expect(ResponseCacheStorageTests.entryFiles(directory).count == 1)
            let kept: AppResponse<Greeting> = await alice.get("/new")
            #expect(kept.cache?.source == .hit)
            cache.removeResponses(for: try await bob.transportRequest(for: AppRequest(path: "/new")).url)
            #expect(cache.usage().memoryEntries == 0)
            #expect(ResponseCacheStorageTests.entryFiles(directory).isEmpty)
            #expect(server.requests.count == 3)
        }

        @Test func usageCountsBothTiersAndClearEmptiesThem() async throws {
            let server = try Self.helloServer()
            let cache = try ResponseCache(directory: temporaryCacheDirectory())
            let client = try cachedClient(server, cache)
            #expect(cache.usage() == ResponseCache.Usage(memoryBytes: 0, memoryEntries: 0, diskBytes: 0))
            for path in ["/1", "/2"] {
                let _: AppResponse<Greeting> = await client.get(path)
            }
            let usage = cache.usage()
            #expect(usage.memoryEntries == 2)
            #expect(usage.memoryBytes > 2 * #"{"message":"/app/1"}"#.utf8.count)
            #expect(usage.diskBytes > usage.memoryBytes / 4)
            cache.clear()
            #expect(cache.usage() == ResponseCache.Usage(memoryBytes: 0, memoryEntries: 0, diskBytes: 0))
        }
    }
}
