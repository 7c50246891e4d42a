import Foundation
import RonAppSdkSwift

/// An operation's call with the schema's example values, or why there is none.
struct ExampleCall {
    struct Refusal: Error {
        var message: String
    }

    var path: String
    var query: [URLQueryItem] = []
    var headers: [String: String] = [:]

    static func make(for operation: RonOperationInfo) -> Result<ExampleCall, Refusal> {
        if let missing = operation.requiredParameters.first(where: { operation.examples[$0] == nil }) {
            return .failure(Refusal(message: "required parameter '\(missing)' has no example in the schema"))
        }
        // Below the document's server path when it is not the App Plane's `/app`.
        var call = ExampleCall(
            path: operation.serverPath == "/app"
                ? operation.path : RonPath.server(operation.serverPath) + operation.path)
        for (name, location) in operation.parameters.sorted(by: { $0.key < $1.key }) {
            guard let example = operation.examples[name] else { continue }
            switch location {
            case "path": call.path = call.path.replacingOccurrences(of: "{\(name)}", with: example)
            case "query": call.query.append(URLQueryItem(name: name, value: example))
            case "cookie":
                let pair = "\(name)=\(RonCookie.value(example))"
                call.headers["Cookie"] = call.headers["Cookie"].map { $0 + "; " + pair } ?? pair
            default: call.headers[name] = example
            }
        }
        return .success(call)
    }
}
