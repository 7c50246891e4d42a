extension URLSessionTransport: RonStreamingTransport {
    /// Opens a streaming request on a `URLSession` of its own (see ``URLSessionStreamingTransport``).
    public func stream(_ request: TransportRequest) async throws -> TransportStream {
        try await URLSessionStreamingTransport(configuration: configuration, pinnedCertificates: pinnedCertificates)
            .stream(request)
    }
}
