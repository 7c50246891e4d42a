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

    /// The answer of an operation with several documented 2xx answers, listed in `answers` in the
    /// order they are tried, each as `"<status> <media type>"`: `"200 application/json"`; `2XX` for
    /// any status; `*/*` for any media type, `image/*` for any of that type's. The media type
    /// compared is the answer's `content-type` without parameters, in lower case (each pattern's is
    /// written in lower case). `make` gets the position in `answers` of the first that matches, and
    /// the body, and returns its value.
    ///
    /// This is what generated code calls: a list and a switch over positions compile to a fraction
    /// of the code of a switch over status and media type patterns. Otherwise as
    /// ``decodingAlternatives(_:)``: an answer none matches, or one `make` cannot decode (it throws
    /// or returns `nil`), is a `decode_failed` problem; a failure is passed on with its problem.
    ///
    /// - Parameters:
    ///   - answers: The operation's documented answers, in order.
    ///   - make: The value of the answer at a position, from the body.
    /// - Returns: The response with the value, or with the problem.
    public func decodingAlternatives<Value>(
        _ answers: [String], _ make: (_ index: Int, _ body: Data) throws -> Value?
    ) -> AppResponse<Value> {
        decodingAlternatives { status, media, body in
            guard let index = answers.firstIndex(where: { Self.answer($0, matches: status, media) }) else {
                return nil
            }
            return try make(index, body)
        }
    }

    /// Whether the pattern `"<status> <media type>"` of ``decodingAlternatives(_:_:)`` matches an
    /// answer's status (`"200"`) and media type (without parameters, lower case).
    static func answer(_ pattern: String, matches status: String, _ media: String) -> Bool {
        let space = pattern.firstIndex(of: " ") ?? pattern.endIndex
        let statusPattern = pattern[..<space]
        let mediaPattern = space < pattern.endIndex ? pattern[pattern.index(after: space)...] : "*/*"
        guard statusPattern.uppercased() == "2XX" || statusPattern == status else { return false }
        if mediaPattern == "*/*" { return true }
        if mediaPattern.hasSuffix("/*") { return media.hasPrefix(mediaPattern.dropLast()) }
        return mediaPattern == media
    }
}
