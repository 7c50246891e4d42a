import Foundation

/// The time `count` calls in a row took, and how many of them failed.
struct CallBatch: Sendable {
    var nanoseconds: UInt64
    var failures: Int
}

/// One way of making the same call: the SDK, the bare transport, a peer client.
struct CallContestant: Sendable {
    let name: String
    let run: @Sendable (_ count: Int) async -> CallBatch

    /// Times `count` calls of `call`, which returns whether the call succeeded.
    static func timed(_ count: Int, _ call: @Sendable () async -> Bool) async -> CallBatch {
        var failures = 0
        let start = Clock.now()
        for _ in 0..<count where !(await call()) {
            failures += 1
        }
        return CallBatch(nanoseconds: Clock.now() - start, failures: failures)
    }
}
