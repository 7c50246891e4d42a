import Foundation
import RonAppSdkSwift

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A diagnostic ``RonTransport``: `URLSession.data(for:)` with no delegate, the way the bare
/// baseline calls it. Comparing the SDK on this transport with the SDK on its own
/// `URLSessionTransport` separates the cost of the client core from that of the transport.
final class PlainURLSessionTransport: RonTransport {
    private let session = URLSession(configuration: .ephemeral)

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else { throw TransportFailure(.other, detail: "not HTTP") }
        var headers = RonHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers.append(name, value) }
        }
        return TransportResponse(status: http.statusCode, headers: headers, body: data)
    }

    func invalidate() {
        session.invalidateAndCancel()
    }
}
