import Foundation

extension RonRequesting {
    /// `GET {base}/app{path}`; `query` is sent sorted by name.
    public func get<T: Decodable>(
        _ path: String, query: [String: String]? = nil, headers: [String: String] = [:]
    ) async -> sending AppResponse<T> {
        await request(AppRequest(method: .get, path: path, query: query, headers: headers))
    }

    /// `GET` with ordered query items.
    public func get<T: Decodable>(
        _ path: String, queryItems: [URLQueryItem], headers: [String: String] = [:]
    ) async -> sending AppResponse<T> {
        await request(AppRequest(method: .get, path: path, query: queryItems, headers: headers))
    }

    /// `POST` with an optional JSON body (`Data` is sent as raw `application/octet-stream` bytes).
    /// Pass `idempotent: true` to let a retry policy send it again (see ``AppRequest/idempotent``).
    public func post<T: Decodable>(
        _ path: String, body: (any Encodable)? = nil, query: [String: String]? = nil,
        headers: [String: String] = [:], idempotent: Bool? = nil
    ) async -> sending AppResponse<T> {
        await send(
            .post, path, body: body, query: AppRequest.queryItems(query), headers: headers, idempotent: idempotent)
    }

    /// `POST` with ordered query items.
    public func post<T: Decodable>(
        _ path: String, body: (any Encodable)? = nil, queryItems: [URLQueryItem], headers: [String: String] = [:],
        idempotent: Bool? = nil
    ) async -> sending AppResponse<T> {
        await send(.post, path, body: body, query: queryItems, headers: headers, idempotent: idempotent)
    }

    /// `PUT` with an optional JSON body.
    public func put<T: Decodable>(
        _ path: String, body: (any Encodable)? = nil, query: [String: String]? = nil,
        headers: [String: String] = [:]
    ) async -> sending AppResponse<T> {
        await send(.put, path, body: body, query: AppRequest.queryItems(query), headers: headers)
    }

    /// `PUT` with ordered query items.
    public func put<T: Decodable>(
        _ path: String, body: (any Encodable)? = nil, queryItems: [URLQueryItem], headers: [String: String] = [:]
    ) async -> sending AppResponse<T> {
        await send(.put, path, body: body, query: queryItems, headers: headers)
    }

    /// `PATCH` with an optional JSON body.
    public func patch<T: Decodable>(
        _ path: String, body: (any Encodable)? = nil, query: [String: String]? = nil,
        headers: [String: String] = [:], idempotent: Bool? = nil
    ) async -> sending AppResponse<T> {
        await send(
            .patch, path, body: body, query: AppRequest.queryItems(query), headers: headers, idempotent: idempotent)
    }

    /// `PATCH` with ordered query items.
    public func patch<T: Decodable>(
        _ path: String, body: (any Encodable)? = nil, queryItems: [URLQueryItem], headers: [String: String] = [:],
        idempotent: Bool? = nil
    ) async -> sending AppResponse<T> {
        await send(.patch, path, body: body, query: queryItems, headers: headers, idempotent: idempotent)
    }

    /// `DELETE` with an optional JSON body.
    public func delete<T: Decodable>(
        _ path: String, body: (any Encodable)? = nil, query: [String: String]? = nil,
        headers: [String: String] = [:]
    ) async -> sending AppResponse<T> {
        await send(.delete, path, body: body, query: AppRequest.queryItems(query), headers: headers)
    }

    /// `DELETE` with ordered query items.
    public func delete<T: Decodable>(
        _ path: String, body: (any Encodable)? = nil, queryItems: [URLQueryItem], headers: [String: String] = [:]
    ) async -> sending AppResponse<T> {
        await send(.delete, path, body: body, query: queryItems, headers: headers)
    }

    private func send<T: Decodable>(
        _ method: HTTPMethod, _ path: String, body: (any Encodable)?, query: [URLQueryItem],
        headers: [String: String], idempotent: Bool? = nil
    ) async -> sending AppResponse<T> {
        let encoded: AppRequestBody?
        switch body {
        case nil:
            encoded = nil
        case let data as Data:
            encoded = AppRequestBody(data: data)
        case let value?:
            do {
                encoded = try AppRequestBody.json(value)
            } catch {
                return AppResponse(status: 0, problem: error.problem)
            }
        }
        return await request(
            AppRequest(
                method: method, path: path, query: query, headers: headers, body: encoded, idempotent: idempotent))
    }
}
