import Foundation

/// A ``ConnectivityMonitor`` that asks the node itself: it sends `GET /app/healthz` through a
/// ``RonClient`` and calls the node online when a `2xx` comes back.
///
/// While online it probes every ``onlineIntervalMs``; while offline it probes again after
/// ``initialBackoffMs``, doubling up to ``maxBackoffMs``, so a node that is down is not hammered.
/// Probing runs only while someone iterates ``updates()``; each stream has its own probe loop.
///
/// ```swift
/// let monitor = HealthProbeMonitor(client: client)
/// queue.flushWhenOnline(monitor)
/// ```
public struct HealthProbeMonitor: ConnectivityMonitor {
    /// The client the probes go through (its base URL, timeouts and transport).
    public let client: RonClient
    /// The path probed (default `/healthz`, that is `{base}/app/healthz`).
    public let path: String
    /// The pause between probes while online, in milliseconds.
    public let onlineIntervalMs: Int
    /// The first pause after a failed probe, in milliseconds.
    public let initialBackoffMs: Int
    /// The longest pause between failed probes, in milliseconds.
    public let maxBackoffMs: Int
    /// The overall timeout of one probe, in milliseconds.
    public let probeTimeoutMs: Int

    /// Creates the monitor.
    public init(
        client: RonClient, path: String = "/healthz", onlineIntervalMs: Int = 15_000, initialBackoffMs: Int = 500,
        maxBackoffMs: Int = 30_000, probeTimeoutMs: Int = 3_000
    ) {
        self.client = client
        self.path = path
        self.onlineIntervalMs = max(onlineIntervalMs, 1)
        self.initialBackoffMs = max(initialBackoffMs, 1)
        self.maxBackoffMs = max(maxBackoffMs, self.initialBackoffMs)
        self.probeTimeoutMs = max(probeTimeoutMs, 1)
    }

    /// Probes once: `.online` when the node answered `2xx`.
    public func probe() async -> RonConnectivity {
        let response: AppResponse<Data> = await client.request(
            AppRequest(path: path, headers: ["Accept": "application/json"], timeoutMs: probeTimeoutMs))
        return (200..<300).contains(response.status) ? .online : .offline
    }

    /// A stream of states: the first probe's answer, then each change.
    public func updates() -> AsyncStream<RonConnectivity> {
        let hub = ConnectivityHub()
        let monitor = self
        let loop = Task {
            var backoff = monitor.initialBackoffMs
            while !Task.isCancelled {
                let state = await monitor.probe()
                hub.publish(state)
                let pause: Int
                if state == .online {
                    backoff = monitor.initialBackoffMs
                    pause = monitor.onlineIntervalMs
                } else {
                    pause = backoff
                    backoff = min(backoff * 2, monitor.maxBackoffMs)
                }
                try? await Task.sleep(for: .milliseconds(pause))
            }
            hub.finish()
        }
        return hub.stream(onTerminate: { loop.cancel() })
    }
}
