extension RonMiddleware where Self == RetryMiddleware {
    /// A ``RetryMiddleware`` with `policy` (``RetryPolicy/standard`` by default): `middleware: [.retry()]`.
    public static func retry(_ policy: RetryPolicy = .standard) -> RetryMiddleware {
        RetryMiddleware(policy: policy)
    }
}

extension RonMiddleware where Self == ResponseValidatorMiddleware {
    /// A ``ResponseValidatorMiddleware``: `middleware: [.validator(maxBytes: 65_536)]`.
    public static func validator(requireJSON: Bool = true, maxBytes: Int? = nil) -> ResponseValidatorMiddleware {
        ResponseValidatorMiddleware(requireJSON: requireJSON, maxBytes: maxBytes)
    }
}
