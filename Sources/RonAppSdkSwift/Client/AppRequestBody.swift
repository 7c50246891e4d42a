import Foundation

/// The bytes of a request body and their content type.
public struct AppRequestBody: Sendable, Hashable {
    /// The encoded bytes.
    public var data: Data
    /// The `Content-Type` sent with them.
    public var contentType: String

    /// A body of raw bytes.
    public init(data: Data, contentType: String = "application/octet-stream") {
        self.data = data
        self.contentType = contentType
    }

    /// A JSON body encoded with `encoder` (a plain `JSONEncoder` by default).
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when encoding fails.
    public static func json(
        _ value: any Encodable, encoder: JSONEncoder = JSONEncoder()
    ) throws(LocalNetworkError) -> AppRequestBody {
        do {
            return AppRequestBody(data: try encoder.encode(value), contentType: "application/json")
        } catch {
            throw .bodyEncodingFailed(type: String(describing: type(of: value)), reason: Self.describe(error))
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let encoding = error as? EncodingError else { return String(describing: type(of: error)) }
        switch encoding {
        case .invalidValue(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "invalid value at '\(path)': \(context.debugDescription)"
        @unknown default:
            return "encoding error"
        }
    }
}
