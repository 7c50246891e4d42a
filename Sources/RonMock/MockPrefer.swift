import Foundation

/// What a request asks of the mock with `Prefer` (RFC 7240), several preferences separated by `,`
/// or `;`: which answer (`code=404`, `example=NAME`, `dynamic=true`), and, through ``MockServer``,
/// how it travels (`latency=300` or `300±50`, `fault=reset` or `fault=stall`, `retry-after=2` for
/// a 429 or 503). Other preferences (`return=minimal`, `respond-async`) are left alone.
struct MockPreference {
    /// `code=`: the documented answer of this status.
    var code: Int?
    /// `example=`: the document example, else the fixture, of this name.
    var example: String?
    /// `dynamic=true`: a body made up from the schema even where an example or fixture exists.
    var dynamic = false
    /// `latency=`: the delay before the answer (instead of the one configured).
    var latency: MockFaults.Latency?
    /// `fault=`: the connection reset or stalled instead of the answer.
    var fault: MockFaults.Fault?
    /// `retry-after=`: the `Retry-After` seconds of a 429 or 503 answer.
    var retryAfter: Int?
    /// What could not be read (`latency=soon: ...`), one entry per preference.
    var problems: [String] = []

    init(_ header: String?) {
        for item in (header ?? "").split(whereSeparator: { $0 == "," || $0 == ";" }) {
            let pair = item.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\"")))
            }
            guard pair.count == 2 else { continue }
            let (name, value) = (pair[0].lowercased(), pair[1])
            switch name {
            case "code":
                guard let status = Int(value), (100...599).contains(status) else {
                    problems.append("code=\(value): expected a status from 100 to 599")
                    continue
                }
                code = status
            case "example": example = value
            case "dynamic":
                switch value.lowercased() {
                case "true": dynamic = true
                case "false": dynamic = false
                default: problems.append("dynamic=\(value): expected true or false")
                }
            case "latency":
                do { latency = try MockFaults.Latency(parsing: value) } catch {
                    problems.append("latency=\(value): \(error)")
                }
            case "fault":
                switch value.lowercased() {
                case "reset": fault = .reset
                case "stall": fault = .stall
                default: problems.append("fault=\(value): expected reset or stall (an error status is code=)")
                }
            case "retry-after":
                guard let seconds = Int(value), seconds >= 0 else {
                    problems.append("retry-after=\(value): expected a whole number of seconds")
                    continue
                }
                retryAfter = seconds
            default: break
            }
        }
    }

    /// The 400 answer to preferences that cannot be read, or `nil`.
    var refusal: MockResponse? {
        guard !problems.isEmpty else { return nil }
        return MockProblem.response(
            status: 400, code: "invalid_preference",
            message: "Prefer: " + problems.joined(separator: "; "),
            findings: problems.map { .init(location: "header 'Prefer'", message: $0) },
            headers: [("X-Ron-Mock-Source", "Prefer header")])
    }
}
