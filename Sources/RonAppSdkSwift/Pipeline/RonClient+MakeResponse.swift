import Foundation

extension RonClient {
    /// Stage 3, *make the response*: the ``AppResponse`` for what the exchange produced.
    static func makeResponse<T: Decodable>(_ result: Result<TransportResponse, RonProblem>, durationMs: Int)
        -> AppResponse<T>
    {
        switch result {
        case .failure(let problem):
            return AppResponse(status: problem.status, problem: problem, durationMs: durationMs)
        case .success(let http):
            return makeResponse(http, durationMs: durationMs)
        }
    }

    /// Decodes a 2xx body as `T`; any other status becomes its problem (the one *execute* already
    /// mapped, when there is one). Carries the ``ResponseCache``'s word on where the answer came from.
    static func makeResponse<T: Decodable>(_ http: TransportResponse, durationMs: Int) -> AppResponse<T> {
        var response: AppResponse<T> = decodedResponse(http, durationMs: durationMs)
        response.cache = http.cacheInfo
        return response
    }

    private static func decodedResponse<T: Decodable>(_ http: TransportResponse, durationMs: Int) -> AppResponse<T> {
        guard (200..<300).contains(http.status) else {
            let problem =
                http.mappedProblem
                ?? ProblemMapper.fromHTTP(status: http.status, headers: http.headers, body: http.body)
            return AppResponse(
                status: http.status, headers: http.headers, raw: http.body, problem: problem, durationMs: durationMs)
        }
        do {
            let value: T = try decode(http)
            return AppResponse(
                status: http.status, headers: http.headers, data: value, raw: http.body, durationMs: durationMs)
        } catch {
            let problem = ProblemMapper.decodeFailure(
                type: T.self, error: error, status: http.status, headers: http.headers)
            return AppResponse(
                status: http.status, headers: http.headers, raw: http.body, problem: problem, durationMs: durationMs)
        }
    }

    private static func decode<T: Decodable>(_ http: TransportResponse) throws -> T {
        if T.self == Data.self, let bytes = http.body as? T { return bytes }
        if T.self == EmptyBody.self, let empty = EmptyBody() as? T { return empty }
        if T.self == String.self, !(http.headers["content-type"] ?? "").lowercased().contains("json") {
            if let text = String(data: http.body, encoding: .utf8) as? T { return text }
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the body is not UTF-8 text"))
        }
        if http.body.isEmpty {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "the body is empty (use EmptyBody for no content)"))
        }
        return try JSONDecoder().decode(T.self, from: http.body)
    }
}
