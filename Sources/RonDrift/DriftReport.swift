import Foundation
import RonAppSdkSwift

/// What `ron drift` found for one operation.
struct DriftReport: Codable, Equatable {
    /// What came of one operation: its answer fits the generated types and the description; it
    /// drifted (the generated types refuse it, or a round trip loses part of it); it is tolerated
    /// (the types read it but the description says otherwise: a `null` where the member is not
    /// nullable, an undocumented status or content type); the call failed (no answer, or an error
    /// status); or there was nothing to call it with (skipped, with the reason).
    enum Outcome: String, Codable {
        case ok, drift, tolerated, failed, skipped
    }

    /// One place where the answer is not what the schema says.
    struct Problem: Codable, Equatable {
        /// Where in the answer (RFC 6901; `/events/N...` for the Nth event of a stream).
        var pointer: String
        /// What the schema says there.
        var expected: String
        /// What came (`nothing` when there is no value there).
        var got: String
    }

    /// The request as sent, credentials left out.
    struct Request: Codable, Equatable {
        var method: String
        /// The path and query as the server sees them.
        var url: String
        /// The headers drift set (parameters and the body's type); credentials are never shown.
        var headers: [String: String]?
        /// The security schemes whose credentials were attached, by name.
        var credentials: [String]?
        /// A JSON body, as sent.
        var body: String?
    }

    /// How the answer compares with the description itself (statuses, content types, schemas).
    struct DescriptionFit: Codable, Equatable {
        var fits: Bool
        var problems: [Problem]?
    }

    var operation: String
    var method: String
    var path: String
    var outcome: Outcome
    /// Which phase called it: `read`, `search`, `create`, `update`, `delete`, `other`.
    var phase: String?
    var request: Request?
    /// Where each parameter's value came from.
    var values: [String: String]?
    var status: Int?
    var contentType: String?
    /// The schema type the answer was checked against.
    var type: String?
    /// Where in the answer the first problem is (RFC 6901); ``problems`` has every one.
    var pointer: String?
    /// What the schema says at the first problem.
    var expected: String?
    /// What came at the first problem.
    var got: String?
    /// Every problem of the answer, in the order found: the generated types' (drift), else the
    /// description's (tolerated); `nil` when it fits.
    var problems: [Problem]?
    /// The answer against the description (`nil` without one: the schema compiled into `ron`).
    var description: DescriptionFit?
    /// The problem, or why the operation was skipped.
    var message: String?

    /// The lines of the text report: one, or one per problem.
    var lines: [String] {
        let head =
            "\(outcome.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))\(operation) (\(method) \(path))"
        let status = self.status.map { " \($0)" } ?? ""
        switch outcome {
        case .ok: return [head + ":\(status)" + ((type ?? contentType).map { " " + $0 } ?? "")]
        case .drift, .tolerated:
            let listed = (problems ?? []).map { problem in
                head
                    + ":\(status) \(type.map { $0 + " " } ?? "")at \(problem.pointer.isEmpty ? "/" : problem.pointer): "
                    + "expected \(problem.expected), got \(problem.got)"
            }
            return listed.isEmpty ? [head + ":\(status) \(message ?? "")"] : listed
        case .failed, .skipped: return [head + ": \(message ?? "")"]
        }
    }

    /// The last lines of a run: the GET operations, then (when there are any) the others.
    ///
    /// `drift: 51 GET operations: 47 called (45 fit, 1 drifted, 1 tolerated), 4 skipped (no value
    /// for {deployment_id}: 3; ...)`
    static func summary(_ reports: [DriftReport]) -> String {
        let reads = reports.filter { $0.method == "GET" || $0.method == "HEAD" }
        let others = reports.filter { $0.method != "GET" && $0.method != "HEAD" }
        var lines = [line(reads, "GET operation")]
        if !others.isEmpty { lines.append(line(others, "other operation")) }
        return lines.joined(separator: "\n")
    }

    private static func line(_ reports: [DriftReport], _ noun: String) -> String {
        func count(_ outcome: Outcome) -> Int { reports.filter { $0.outcome == outcome }.count }
        let skipped = reports.filter { $0.outcome == .skipped }
        let called = reports.count - skipped.count
        var parts = ["\(count(.ok)) fit", "\(count(.drift)) drifted", "\(count(.tolerated)) tolerated"]
        if count(.failed) > 0 { parts.append("\(count(.failed)) failed") }
        var text =
            "drift: \(reports.count) \(noun)\(reports.count == 1 ? "" : "s"): \(called) called (\(parts.joined(separator: ", ")))"
            + ", \(skipped.count) skipped"
        if !skipped.isEmpty {
            var reasons: [(String, Int)] = []
            for report in skipped {
                let reason = report.shortReason
                if let index = reasons.firstIndex(where: { $0.0 == reason }) {
                    reasons[index].1 += 1
                } else {
                    reasons.append((reason, 1))
                }
            }
            text += " (" + reasons.map { "\($0.0): \($0.1)" }.joined(separator: "; ") + ")"
        }
        return text
    }

    /// The reason of a skip up to its first colon (`no value for {id}`).
    private var shortReason: String {
        let reason = message ?? "skipped"
        return reason.firstIndex(of: ":").map { String(reason[..<$0]) } ?? reason
    }

    /// The run's exit status: 1 when any answer drifted (or, with `strict`, was tolerated), 2 when
    /// none did but a call failed, 0 otherwise.
    static func status(_ reports: [DriftReport], strict: Bool = false) -> Int32 {
        if reports.contains(where: { $0.outcome == .drift || (strict && $0.outcome == .tolerated) }) { return 1 }
        if reports.contains(where: { $0.outcome == .failed }) { return 2 }
        return 0
    }
}
