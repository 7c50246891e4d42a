import Foundation

// What every generated call (`ron-codegen`'s operations) would otherwise spell out in its own body:
// written once here, so the compiler checks and lowers it once per build of the SDK, not once per
// operation of a user's description.

extension AppRequest {
    /// The headers of a generated call: `typed` (what its parameters and its documented answers
    /// set: `Accept`, header and cookie parameters) with `extra` (the call's `headers:` argument)
    /// over them. A name in `extra` replaces the typed header of that name in any case.
    ///
    /// - Parameters:
    ///   - typed: The headers the call sets itself.
    ///   - extra: The caller's headers; they win.
    /// - Returns: Both sets, `extra`'s names as the caller wrote them.
    public static func mergingHeaders(_ typed: [String: String], with extra: [String: String]) -> [String: String] {
        guard !extra.isEmpty else { return typed }
        let overridden = Set(extra.keys.map { $0.lowercased() })
        var merged = extra
        for (name, value) in typed where !overridden.contains(name.lowercased()) {
            merged[name] = value
        }
        return merged
    }
}

extension AppResponse where T == Data {
    /// The answer of an operation with several documented 2xx answers, as the value `pick` makes of
    /// it: `pick` gets the status (`"200"`), the media type (`content-type` without parameters, in
    /// lower case; empty when absent) and the body, and returns the matching case, or `nil` when
    /// none is documented.
    ///
    /// A response that is not a success is passed on with its problem. A success that `pick`
    /// refuses (`nil`) or cannot decode (it throws) becomes a `decode_failed` problem that names
    /// the status and media type, with ``raw`` kept.
    ///
    /// - Parameter pick: The generated choice among the operation's answers.
    /// - Returns: The response with the chosen value, or with the problem.
    public func decodingAlternatives<Value>(
        _ pick: (_ status: String, _ mediaType: String, _ body: Data) throws -> Value?
    ) -> AppResponse<Value> {
        var result: AppResponse<Value>
        if !ok {
            result = AppResponse<Value>(
                status: status, headers: headers, raw: raw, problem: problem, durationMs: durationMs)
        } else {
            let media = RonHeaders.mediaType(header("content-type") ?? "")
            if let value = try? pick(String(status), media, data ?? Data()) {
                result = AppResponse<Value>(
                    status: status, headers: headers, data: value, raw: raw, durationMs: durationMs)
            } else {
                let problem = RonProblem(
                    code: "decode_failed",
                    message:
                        "the answer (status \(status), \(media.isEmpty ? "no content type" : media)) is none of the documented ones",
                    kind: "decode", status: status, retryable: false)
                result = AppResponse<Value>(
                    status: status, headers: headers, raw: raw, problem: problem, durationMs: durationMs)
            }
        }
        result.cache = cache
        return result
    }
}
