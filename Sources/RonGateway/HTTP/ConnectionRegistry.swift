import NIOCore

/// The open connections of a gateway, so that ``EmbeddedGateway/stop()`` can ask them to finish
/// and, after the grace period, close them.
actor ConnectionRegistry {
    private var connections: [Int: (task: Task<Void, Never>, channel: any Channel)] = [:]
    private var nextId = 0

    /// Starts serving `connection` with `server`.
    func serve(_ connection: ConnectionServer.Connection, with server: ConnectionServer) {
        let id = nextId
        nextId += 1
        let task = Task {
            await server.serve(connection)
            self.remove(id)
        }
        connections[id] = (task, connection.channel)
    }

    /// How many connections are open.
    var count: Int { connections.count }

    /// Asks every connection to finish its current request and close (idle ones close at once).
    func quiesce() {
        for entry in connections.values {
            entry.channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
    }

    /// Closes every connection now.
    func closeAll() {
        for entry in connections.values {
            entry.task.cancel()
            entry.channel.close(promise: nil)
        }
    }

    private func remove(_ id: Int) {
        connections[id] = nil
    }
}
