import Foundation
import NIOCore

/// The connections the listener accepted that the accept loop has not taken yet.
///
/// SwiftNIO's child `NIOAsyncChannel` traps (in debug builds) when it is released before its
/// writer is finished, which `executeThenClose` does. A connection accepted while the listener
/// closes never reaches the accept loop: the listener's stream has ended and drops it
/// (swift-nio#2637). So each accepted connection is kept here from the moment it is made until the
/// accept loop takes it; at shutdown, after the accept loop has ended, whatever is left is closed
/// through `executeThenClose` (``closeLeftovers()``) before the event loops stop.
final class AcceptedConnections: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [ObjectIdentifier: ConnectionServer.Connection] = [:]

    /// Keeps `connection` until ``take(_:)``; called on its event loop as it is made.
    func accepted(_ connection: ConnectionServer.Connection) -> ConnectionServer.Connection {
        lock.withLock { waiting[ObjectIdentifier(connection.channel)] = connection }
        return connection
    }

    /// The accept loop has `connection` now.
    func take(_ connection: ConnectionServer.Connection) {
        _ = lock.withLock { waiting.removeValue(forKey: ObjectIdentifier(connection.channel)) }
    }

    /// Closes every connection the accept loop never took.
    func closeLeftovers() async {
        let leftovers = lock.withLock {
            defer { waiting.removeAll() }
            return Array(waiting.values)
        }
        for connection in leftovers {
            try? await connection.executeThenClose { _, _ in }
        }
    }
}
