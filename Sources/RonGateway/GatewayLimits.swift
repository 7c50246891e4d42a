/// The fixed limits of the embedded gateway, taken from the real node.
public enum GatewayLimits {
    /// The request body cap of the real node: 1 MiB.
    public static let defaultMaxBodyBytes = 1_048_576
    /// The longest `delay_ms` the slow test route accepts, in milliseconds.
    public static let maxDelayMilliseconds = 25_000
    /// The largest body the large-body test route sends, in bytes (256 MiB).
    public static let maxGeneratedBodyBytes = 268_435_456
    /// The largest upstream answer the facet proxy buffers, in bytes (16 MiB).
    public static let maxUpstreamBodyBytes = 16_777_216
    /// The default page size of `GET /app/items`.
    public static let defaultPageSize = 10
    /// The largest page size of `GET /app/items`.
    public static let maxPageSize = 100
}
