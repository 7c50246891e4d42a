extension RonClient {
    /// A stream of what happens to this client's calls: started, retried, finished.
    ///
    /// Any number of consumers may listen; each gets every event from the moment it subscribes.
    /// Calls never wait for a consumer: each has a buffer of `bufferSize` events and, when a
    /// consumer falls behind, its oldest unread events are dropped. A consumer that stops (its task
    /// is cancelled, or it breaks out of the loop and drops the stream) is removed. URLs and
    /// headers are redacted as in the logs. The streams end when the client is closed.
    ///
    /// ```swift
    /// Task {
    ///     for await event in client.events() {
    ///         if case .finished(let done) = event { print(done.status, done.durationMs) }
    ///     }
    /// }
    /// ```
    public func events(bufferSize: Int = 256) -> AsyncStream<RonEvent> {
        broadcaster.subscribe(bufferSize: bufferSize)
    }
}
