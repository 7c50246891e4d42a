import Foundation

extension RonClient {
    /// Stage 3, *make the response*: the ``AppResponse`` for what the exchange produced.
    ///
    /// A 2xx body is decoded as `T`; any other status becomes its problem (the one *execute* already
    /// mapped, when there is one), and so does a body that does not decode. Carries the
    /// ``ResponseCache``'s word on where the answer came from.
    ///
    /// One generic function with its helpers inlined: a call from another module is not specialized,
    /// and every generic function it passes through looks `Optional<T>` up in the runtime's metadata
    /// cache again (about 500 instructions each; this was four of them).
    static func makeResponse<T: Decodable>(_ result: Result<TransportResponse, RonProblem>, durationMs: Int)
        -> AppResponse<T>
    {
        let http: TransportResponse
        switch result {
        case .failure(let problem):
            return AppResponse(status: problem.status, problem: problem, durationMs: durationMs)
        case .success(let answer):
            http = answer
        }
        var data: T?
        var problem: RonProblem?
        if (200..<300).contains(http.status) {
            do {
                data = try decode(http) as T
            } catch {
                problem = ProblemMapper.decodeFailure(
                    type: T.self, error: error, status: http.status, headers: http.headers)
            }
        } else {
            problem =
                http.mappedProblem
                ?? ProblemMapper.fromHTTP(status: http.status, headers: http.headers, body: http.body)
        }
        var response = AppResponse(
            status: http.status, headers: http.headers, data: data, raw: http.body, problem: problem,
            durationMs: durationMs)
        response.cache = http.cacheInfo
        return response
    }

    @inline(__always)
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
