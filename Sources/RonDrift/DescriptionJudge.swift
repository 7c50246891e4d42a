import Foundation
import RonCodegenCore

/// Drift's reading of ``DescriptionAnswerCheck``: where an answer breaks the description itself,
/// as report problems (an undocumented status or content type is a problem at the whole answer).
struct DescriptionJudge {
    let check: DescriptionAnswerCheck

    init(documents: DescriptionDocuments) {
        check = DescriptionAnswerCheck(documents: documents)
    }

    func problems(
        of operation: RonCodegenCore.Operation, status: Int, contentType: String?, headers: [String: String],
        body: Data
    ) -> [DescribedProblem] {
        let verdict = check.judge(
            operation: operation.origin, status: status, contentType: contentType, headers: headers, body: body)
        var problems: [DescribedProblem] = []
        switch verdict.kind {
        case .fits, .breaks: break
        case .undocumentedStatus(let code, let documented):
            problems.append(
                DescribedProblem(
                    pointer: "", expected: "a documented status (\(documented.joined(separator: ", ")))",
                    got: "\(code)"))
        case .undocumentedContentType(let type, let documented):
            problems.append(
                DescribedProblem(
                    pointer: "",
                    expected: "a documented content type for \(verdict.status ?? "the status") ("
                        + (documented.isEmpty ? "no body" : documented.joined(separator: ", ")) + ")",
                    got: type ?? "a body without a content type"))
        case .unknownOperation: return []
        }
        for problem in verdict.problems {
            switch problem.part {
            case .header(let name):
                problems.append(DescribedProblem(pointer: "", expected: problem.expected, got: "no header '\(name)'"))
            default:
                problems.append(DescribedProblem(pointer: problem.pointer, expected: problem.expected, got: nil))
            }
        }
        return problems
    }
}
