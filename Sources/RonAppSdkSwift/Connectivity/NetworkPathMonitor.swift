#if canImport(Network)
    import Network

    /// A ``ConnectivityMonitor`` on Apple platforms: `NWPathMonitor`'s view of the device's network
    /// (a satisfied path is `.online`). It says nothing about the node itself; pair it with a
    /// ``HealthProbeMonitor`` when that matters. Elsewhere use ``HealthProbeMonitor``.
    public struct NetworkPathMonitor: ConnectivityMonitor {
        /// Restricts the monitor to one kind of interface (`nil`: any).
        public let interfaceType: NWInterface.InterfaceType?

        /// Creates the monitor.
        public init(interfaceType: NWInterface.InterfaceType? = nil) {
            self.interfaceType = interfaceType
        }

        /// A stream of states: the current path's, then each change. Each stream has its own
        /// `NWPathMonitor`, cancelled when the stream ends.
        public func updates() -> AsyncStream<RonConnectivity> {
            let monitor = interfaceType.map { NWPathMonitor(requiredInterfaceType: $0) } ?? NWPathMonitor()
            let hub = ConnectivityHub()
            monitor.pathUpdateHandler = { path in hub.publish(path.status == .satisfied ? .online : .offline) }
            monitor.start(queue: DispatchQueue(label: "ron-app-sdk-swift.connectivity"))
            return hub.stream(onTerminate: { monitor.cancel() })
        }
    }
#endif
