/// Whether the node can be reached, as a ``ConnectivityMonitor`` sees it.
public enum RonConnectivity: String, Sendable, Hashable {
    /// The network (or the node) can be reached.
    case online
    /// It cannot.
    case offline
}

/// Tells when the network comes and goes, for example so that a ``RonOfflineQueue`` replays its
/// writes as soon as it can (``RonOfflineQueue/flushWhenOnline(_:onFlush:)``).
///
/// The SDK has three: `NetworkPathMonitor` (Apple platforms, `NWPathMonitor`),
/// ``HealthProbeMonitor`` (everywhere: probes `GET /app/healthz` with backoff) and
/// ``ManualConnectivityMonitor`` (the app says).
public protocol ConnectivityMonitor: Sendable {
    /// A new stream of states: the current one as soon as it is known, then each change. Ending the
    /// iteration (or cancelling its task) stops whatever work the stream needs.
    func updates() -> AsyncStream<RonConnectivity>
}

/// A ``ConnectivityMonitor`` the app drives itself (from its own reachability code, or in tests).
///
/// ```swift
/// let monitor = ManualConnectivityMonitor(.offline)
/// queue.flushWhenOnline(monitor)
/// monitor.set(.online)   // the queue replays its writes
/// ```
public final class ManualConnectivityMonitor: ConnectivityMonitor, @unchecked Sendable {
    private let hub: ConnectivityHub

    /// A monitor in state `initial`.
    public init(_ initial: RonConnectivity = .online) {
        hub = ConnectivityHub(initial)
    }

    /// The state now.
    public var state: RonConnectivity { hub.state }

    /// Changes the state; every stream sees it (a repeat of the same state is not sent again).
    public func set(_ state: RonConnectivity) {
        hub.publish(state)
    }

    /// A stream of the states, starting with the current one.
    public func updates() -> AsyncStream<RonConnectivity> {
        hub.stream()
    }
}
