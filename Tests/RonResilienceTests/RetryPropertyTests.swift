import Foundation
import PropertyBased
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    @Suite("Retry properties")
    struct RetryPropertyTests {
        /// A `next` that always fails to connect and records the headers it was given.
        final class Recorder: @unchecked Sendable {
            private let lock = NSLock()
            private var seen: [TransportRequest] = []
            private var slept: [Int] = []

            func record(_ request: TransportRequest) {
                lock.lock()
                seen.append(request)
                lock.unlock()
            }

            func sleep(_ ms: Int) {
                lock.lock()
                slept.append(ms)
                lock.unlock()
            }

            var requests: [TransportRequest] {
                lock.lock()
                defer { lock.unlock() }
                return seen
            }

            var delays: [Int] {
                lock.lock()
                defer { lock.unlock() }
                return slept
            }
        }

        @Test func everyDelayIsWithinItsCeilingAndTheTotalWithinBudget() async {
            let attempts = Gen.int(in: 1...12)
            let base = Gen.int(in: 0...2_000)
            let cap = Gen.int(in: 0...60_000)
            let budget = Gen.int(in: 0...120_000)
            let randoms = Gen.double(in: 0...1).array(of: 12...12)
            await propertyCheck(input: attempts, base, cap, budget, randoms) { attempts, base, cap, budget, randoms in
                let policy = RetryPolicy(
                    maxAttempts: attempts, baseDelayMs: base, maxDelayMs: cap, maxTotalDelayMs: budget)
                let recorder = Recorder()
                let index = Locked(0)
                let middleware = RetryMiddleware(
                    policy: policy,
                    random: {
                        index.update { value -> Double in
                            value += 1
                            return randoms[(value - 1) % randoms.count]
                        }
                    },
                    sleep: { recorder.sleep($0) })
                let url = URL(string: "https://node.example/app/x")!
                let reported = Locked<[Int]>([])
                let context = MiddlewareContext(
                    method: .get, path: "/x", url: url, deadline: .now + .seconds(3_600),
                    onEvent: { event in
                        if case .retried(let info) = event { reported.update { $0.append(info.delayMs) } }
                    })
                _ = try? await middleware.intercept(TransportRequest(method: "GET", url: url), context: context) {
                    request in
                    recorder.record(request)
                    throw TransportFailure(.connectFailed)
                }
                let delays = reported.value
                #expect(recorder.delays == delays.filter { $0 > 0 })
                for (retry, delay) in delays.enumerated() {
                    let ceiling = min(
                        cap, base.multipliedReportingOverflow(by: 1 << min(retry, 62)).overflow ? cap : base << retry)
                    #expect(delay >= 0 && delay <= ceiling, "retry \(retry): \(delay) > \(ceiling)")
                }
                #expect(delays.reduce(0, +) <= budget)
                #expect(recorder.requests.count <= attempts)
                #expect(recorder.requests.count == delays.count + 1)
            }
        }

        @Test func backoffIsFullJitterBelowTheCeiling() async {
            await propertyCheck(input: Gen.int(in: 0...40), Gen.double(in: 0...1)) { retry, random in
                let policy = RetryPolicy(baseDelayMs: 100, maxDelayMs: 5_000)
                let ceiling = policy.ceilingMs(retry: retry)
                #expect(ceiling == min(5_000, retry > 10 ? 5_000 : 100 << retry))
                let delay = policy.backoffMs(retry: retry, random: random)
                #expect(delay >= 0 && delay <= ceiling)
            }
        }

        @Test func everyAttemptCarriesTheSameIdempotencyKey() async {
            let keys = Gen<Character?>.element(of: Array("abcdef0123456789-")).map { $0 ?? "a" }.string(of: 1...36)
            let methods = Gen<String?>.element(of: ["POST", "PATCH", "PUT", "DELETE"]).map { $0 ?? "POST" }
            let attempts = Gen.int(in: 1...8)
            await propertyCheck(input: keys, methods, attempts) { key, method, attempts in
                let recorder = Recorder()
                let policy = RetryPolicy(
                    maxAttempts: attempts, baseDelayMs: 0, maxDelayMs: 0, maxTotalDelayMs: 0,
                    retriesWritesWithIdempotencyKey: true)
                let middleware = RetryMiddleware(policy: policy, sleep: { recorder.sleep($0) })
                let url = URL(string: "https://node.example/app/x")!
                let request = TransportRequest(
                    method: method, url: url, headers: ["X-Idempotency-Key": key], body: Data("{}".utf8))
                let context = MiddlewareContext(method: HTTPMethod(rawValue: method), path: "/x", url: url)
                let response = try? await middleware.intercept(request, context: context) { sent in
                    recorder.record(sent)
                    return TransportResponse(status: 503)
                }
                #expect(response?.status == 503)
                #expect(recorder.requests.count == attempts)
                #expect(recorder.requests.allSatisfy { $0.header("x-idempotency-key") == key && $0 == request })
            }
        }
    }
}
