import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    @Suite("ResponseCache: tiers, limits, bad files, offline", .timeLimit(.minutes(1)))
    struct ResponseCacheStorageTests {
        /// The entry files under `directory`.
        static func entryFiles(_ directory: URL) -> [URL] {
            let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
            var found: [URL] = []
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "entry" { found.append(url) }
            }
            return found
        }

        static let fresh: [String: String] = ["Cache-Control": "max-age=600"]

        @Test func diskTierAnswersANewCacheAndIsPrivate() async throws {
            let directory = temporaryCacheDirectory()
            let server = try LoopbackServer { _ in .json(200, #"{"message":"disk"}"#, headers: Self.fresh) }
            let _: AppResponse<Greeting> = try await cachedClient(server, try ResponseCache(directory: directory)).get(
                "/d")
            let permissions =
                try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
            #expect(permissions == 0o700)
            #expect(Self.entryFiles(directory).count == 1)
            let reopened = try ResponseCache(directory: directory)
            let again: AppResponse<Greeting> = try await cachedClient(server, reopened).get("/d")
            #expect(again.data?.message == "disk")
            #expect(again.cache?.source == .hit)
            #expect(server.requests.count == 1)
        }

        @Test(arguments: ["truncated", "garbage", "otherBody"])
        func corruptFileIsAMissAndIsReplacedByTheNextWrite(damage: String) async throws {
            let directory = temporaryCacheDirectory()
            let server = try LoopbackServer { _ in .json(200, #"{"message":"real"}"#, headers: Self.fresh) }
            let _: AppResponse<Greeting> = try await cachedClient(server, try ResponseCache(directory: directory)).get(
                "/c")
            let file = try #require(Self.entryFiles(directory).first)
            var bytes = try Data(contentsOf: file)
            switch damage {
            case "truncated": bytes = bytes.prefix(bytes.count - 3)
            case "garbage": bytes = Data("not a cache file".utf8)
            default: bytes[bytes.count - 3] ^= 0x20
            }
            try bytes.write(to: file)
            let reopened = try ResponseCache(directory: directory)
            let key = try #require(file.deletingPathExtension().lastPathComponent as String?)
            #expect(reopened.disk?.get(key) == nil)
            #expect(FileManager.default.fileExists(atPath: file.path))
            let answer: AppResponse<Greeting> = try await cachedClient(server, reopened).get("/c")
            #expect(answer.data?.message == "real")
            #expect(answer.cache == nil)
            #expect(server.requests.count == 2)
            #expect(reopened.disk?.get(key)?.body == Data(#"{"message":"real"}"#.utf8))
        }

        @Test func noStoreNeverTouchesDisk() async throws {
            let directory = temporaryCacheDirectory()
            let server = try LoopbackServer { _ in
                .json(200, #"{"message":"secret"}"#, headers: ["Cache-Control": "no-store"])
            }
            let client = try cachedClient(server, try ResponseCache(directory: directory))
            let _: AppResponse<Greeting> = await client.get("/s")
            let second: AppResponse<Greeting> = await client.get("/s")
            #expect(second.cache == nil)
            #expect(Self.entryFiles(directory).isEmpty)
            #expect(server.requests.count == 2)
        }

        @Test func answerOverTheEntryLimitIsNotCached() async throws {
            let directory = temporaryCacheDirectory()
            let server = try LoopbackServer { _ in .json(200, #"{"message":"0123456789"}"#, headers: Self.fresh) }
            let client = try cachedClient(server, try ResponseCache(directory: directory, maxEntryBytes: 10))
            let _: AppResponse<Greeting> = await client.get("/big")
            let _: AppResponse<Greeting> = await client.get("/big")
            #expect(server.requests.count == 2)
            #expect(Self.entryFiles(directory).isEmpty)
        }

        @Test func clearForgetsEverything() async throws {
            let directory = temporaryCacheDirectory()
            let server = try LoopbackServer { _ in .json(200, #"{"message":"x"}"#, headers: Self.fresh) }
            let cache = try ResponseCache(directory: directory)
            let client = try cachedClient(server, cache)
            let _: AppResponse<Greeting> = await client.get("/x")
            cache.clear()
            #expect(Self.entryFiles(directory).isEmpty)
            let after: AppResponse<Greeting> = await client.get("/x")
            #expect(after.cache == nil)
            #expect(server.requests.count == 2)
        }

        @Test func returnStaleIfOfflineAnswersWhenTheServerIsGone() async throws {
            let server = try LoopbackServer { request in
                let control = request.path.hasSuffix("strict") ? "max-age=0, must-revalidate" : "max-age=0"
                return .json(200, #"{"message":"last"}"#, headers: ["Cache-Control": control])
            }
            let cache = try ResponseCache(policy: .returnStaleIfOffline)
            let client = try cachedClient(server, cache)
            let _: AppResponse<Greeting> = await client.get("/o")
            let _: AppResponse<Greeting> = await client.get("/strict")
            server.stop()
            let offline: AppResponse<Greeting> = await client.get("/o")
            #expect(offline.ok)
            #expect(offline.data?.message == "last")
            #expect(offline.cache?.source == .offline)
            let strict: AppResponse<Greeting> = await client.get("/strict")
            #expect(strict.status == 0)
            let plain: AppResponse<Greeting> = await client.request(AppRequest(path: "/o").cache(.useProtocol))
            #expect(plain.status == 0)
            #expect(plain.problem?.kind == "transport")
            #expect(cache.statistics().offlineServed == 1)
        }

        @Test func memoryTierEvictsTheLeastRecentlyUsedAndStaysWithinItsBytes() throws {
            let key = CacheKey(url: "http://h/app/x", partition: "p")
            func entry(_ name: String) -> CacheEntry {
                let body = Data(repeating: 1, count: 300)
                let meta = CacheEntry.Meta(
                    key: name, url: key.url, partition: key.partition, status: 200, headers: [], vary: ["v": name],
                    responseTime: 0, initialAge: 0, lifetime: nil, noCache: false, mustRevalidate: false,
                    staleWhileRevalidate: nil, bodyLength: body.count, bodyChecksum: CacheEntry.checksum(body))
                return CacheEntry(meta: meta, body: body)
            }
            let tier = MemoryTier(limitBytes: 2_000)
            for name in ["a", "b", "c"] { tier.put(key, entry(name)) }
            let request = { (name: String) in
                TransportRequest(method: "GET", url: URL(string: key.url)!, headers: ["v": name])
            }
            _ = tier.select(key, for: request("a"))
            tier.put(key, entry("d"))
            #expect(tier.select(key, for: request("a")) != nil)
            #expect(tier.select(key, for: request("b")) == nil)
            #expect(tier.select(key, for: request("c")) != nil)
            #expect(tier.select(key, for: request("d")) != nil)
            #expect(tier.totalBytes <= 2_000)
            for index in 0..<100 { tier.put(key, entry("n\(index)")) }
            #expect(tier.totalBytes <= 2_000)
            #expect(tier.count == tier.variants(key).count)
        }

        @Test func diskSweepKeepsTheTierWithinItsBound() throws {
            let directory = temporaryCacheDirectory()
            let tier = try DiskTier(directory: directory, limitBytes: 8_000)
            for index in 0..<40 {
                let key = SHA256Digest.hex("k\(index)")
                let body = Data(repeating: UInt8(index), count: 500)
                let meta = CacheEntry.Meta(
                    key: key, url: "u", partition: "p", status: 200, headers: [], vary: [:], responseTime: 0,
                    initialAge: 0, lifetime: nil,
                    noCache: false, mustRevalidate: false, staleWhileRevalidate: nil, bodyLength: body.count,
                    bodyChecksum: CacheEntry.checksum(body))
                tier.put(key, CacheEntry(meta: meta, body: body))
            }
            tier.sweep()
            #expect(tier.totalBytes() <= 8_000)
            #expect(tier.get(SHA256Digest.hex("k39")) != nil)
            let shards = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(shards.allSatisfy { $0.count == 2 })
        }
    }
}
