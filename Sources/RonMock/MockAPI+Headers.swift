import Foundation
import RonCodegenCore

/// The headers a description documents as `required` on an answer (Ably's `x-ably-serverid`, a
/// list's `Link`), which every answer of that status carries.
extension MockAPI {
    /// `response` with every header the response object of its status (its own, else `4XX`/`5XX`,
    /// else `default`) documents as `required` and that it lacks: the header's `example`, else
    /// its schema's, else a value made up from its schema (``DescriptionValueMaker``).
    func withDocumentedHeaders(_ response: MockResponse, route: MockRoute) -> MockResponse {
        guard response.delivery == .send,
            let documented = documentedResponse(of: route, status: response.status, ownError: response.status >= 400),
            let headers = documented.member("headers"), let names = headers.value.objectMembers?.map(\.key)
        else { return response }
        var answer = response
        for name in names where answer.header(name) == nil {
            guard let header = headers.member(name).map(documents.resolve),
                header.value.member("required") == .bool(true)
            else { continue }
            let schema = header.member("schema").map(documents.resolve)
            let value: DocumentValue
            if let example = header.value.member("example") ?? schema?.value.member("example") {
                value = example
            } else if let schema {
                var maker = DescriptionValueMaker(documents: documents)
                value = maker.value(schema)
            } else {
                value = .string("string")
            }
            let text: String
            switch value {
            case .string(let string): text = string
            case .array(let items): text = items.map { $0.text ?? $0.jsonText }.joined(separator: ",")
            default: text = value.jsonText
            }
            answer.headers.append((name, MockProblem.headerText(text)))
        }
        return answer
    }
}
