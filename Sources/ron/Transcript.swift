import Foundation
import RonAppSdkSwift

/// How the CLI prints responses and problems.
enum Transcript {
    static func statusLine<T>(_ response: AppResponse<T>) -> String {
        response.status == 0
            ? "no response (\(response.durationMs) ms)" : "HTTP \(response.status) (\(response.durationMs) ms)"
    }

    /// A problem as readable lines.
    static func describe(_ problem: RonProblem) -> String {
        var lines = ["problem \(problem.code): \(problem.message)"]
        var facts: [String] = []
        if let kind = problem.kind { facts.append("kind \(kind)") }
        facts.append("status \(problem.status)")
        if let retryable = problem.retryable { facts.append(retryable ? "retryable" : "not retryable") }
        if let after = problem.retryAfterMs { facts.append("retry after \(after) ms") }
        if let reason = problem.reason { facts.append("reason \(reason)") }
        if let id = problem.correlationId { facts.append("correlation id \(id)") }
        lines.append("  " + facts.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }

    /// Pretty JSON, or the text, or a byte count.
    static func pretty(_ data: Data) -> String {
        if let object = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed),
            let text = try? JSONSerialization.data(
                withJSONObject: object,
                options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]),
            let string = String(data: text, encoding: .utf8)
        {
            return string
        }
        if let text = String(data: data, encoding: .utf8) { return text }
        return "<\(data.count) bytes>"
    }

    /// A value as compact JSON, for one-line output.
    static func compact<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else { return "?" }
        return text
    }
}
