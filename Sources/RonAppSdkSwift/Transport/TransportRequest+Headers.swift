extension TransportRequest {
    /// The value of header `name`, matched ignoring case.
    public func header(_ name: String) -> String? {
        headers[name]
    }

    /// Sets header `name`, replacing any header of the same name in another spelling; `nil` removes it.
    public mutating func setHeader(_ name: String, _ value: String?) {
        headers[name] = value
    }

    /// The request's idempotency key (`Idempotency-Key`, else `X-Idempotency-Key`), if it has a non-empty one.
    public var idempotencyKey: String? {
        let key = header("idempotency-key") ?? header("x-idempotency-key")
        guard let key, !key.isEmpty else { return nil }
        return key
    }
}
