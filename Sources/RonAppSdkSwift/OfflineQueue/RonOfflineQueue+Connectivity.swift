extension RonOfflineQueue {
    /// Replays the queue each time `monitor` turns online (and at once if it already is), until
    /// ``stopWatchingConnectivity()`` or another monitor is given.
    ///
    /// ```swift
    /// await queue.flushWhenOnline(HealthProbeMonitor(client: client)) { report in
    ///     print("delivered \(report.delivered.count), \(report.remaining) still waiting")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - monitor: Says when the network comes back.
    ///   - onFlush: Called with the report of each flush the monitor started.
    public func flushWhenOnline(
        _ monitor: any ConnectivityMonitor, onFlush: (@Sendable (RonFlushReport) -> Void)? = nil
    ) {
        watcher?.cancel()
        let stream = monitor.updates()
        watcher = Task { [weak self] in
            var last: RonConnectivity?
            for await state in stream {
                defer { last = state }
                guard state == .online, last != .online, let queue = self else { continue }
                let report = await queue.flush()
                onFlush?(report)
            }
        }
    }

    /// Stops following the monitor given to ``flushWhenOnline(_:onFlush:)``.
    public func stopWatchingConnectivity() {
        watcher?.cancel()
        watcher = nil
    }
}
