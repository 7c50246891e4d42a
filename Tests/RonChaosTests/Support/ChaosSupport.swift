import Foundation
import RonAppSdkSwift

/// The body the chaos routes return on success.
struct Greeting: Codable, Hashable, Sendable {
    let message: String
}

/// What one call ended in, kept small and `Sendable`.
struct CallOutcome: Sendable {
    var status: Int
    var ok: Bool
    var code: String?
    var kind: String?
    var retryable: Bool?
    var elapsedMs: Int
}

/// Settings shared by the chaos suites.
enum ChaosSettings {
    /// Calls per case, run concurrently (`RON_CHAOS_REPEAT` overrides; the TSan job lowers it).
    static var repeatCount: Int {
        environmentInt("RON_CHAOS_REPEAT") ?? 50
    }

    /// Calls in the big concurrency run (`RON_CHAOS_CONCURRENT` overrides).
    static var concurrentCount: Int {
        environmentInt("RON_CHAOS_CONCURRENT") ?? 1_000
    }

    /// How far past its timeout a call may return on a loaded 2-core machine
    /// (`RON_CHAOS_SLACK_MS` overrides; sanitizer builds are slower).
    static var slackMs: Int {
        environmentInt("RON_CHAOS_SLACK_MS") ?? 2_000
    }

    private static func environmentInt(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }
}

/// Runs `count` calls at once and returns every outcome; counts starts and returns on `counter`.
func runConcurrently(
    _ count: Int, counter: CallCounter, _ call: @escaping @Sendable (Int) async -> CallOutcome
) async -> [CallOutcome] {
    await withTaskGroup(of: CallOutcome.self) { group in
        for index in 0..<count {
            group.addTask {
                counter.started()
                let outcome = await call(index)
                counter.returned()
                return outcome
            }
        }
        var all: [CallOutcome] = []
        for await outcome in group { all.append(outcome) }
        return all
    }
}

/// One timed call through `client`.
func timedCall<T: Decodable & Sendable>(
    _ client: RonClient, _ path: String, as type: T.Type, timeoutMs: Int? = nil
) async -> CallOutcome {
    let clock = ContinuousClock()
    let start = clock.now
    let res: AppResponse<T> = await client.request(AppRequest(path: path, timeoutMs: timeoutMs))
    let elapsed = clock.now - start
    let parts = elapsed.components
    let ms = Int(parts.seconds) * 1000 + Int(parts.attoseconds / 1_000_000_000_000_000)
    return CallOutcome(
        status: res.status, ok: res.ok, code: res.problem?.code, kind: res.problem?.kind,
        retryable: res.problem?.retryable, elapsedMs: ms)
}
