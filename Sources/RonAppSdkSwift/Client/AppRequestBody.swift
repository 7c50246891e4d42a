import Foundation

/// A request body: where its bytes come from (``source``) and their content type.
///
/// Make one with ``json(_:encoder:contentType:)``, `form(_:)`, ``form(_:encoder:arrays:)``,
/// ``multipart(_:)``, ``init(data:contentType:)``, ``file(_:contentType:)`` or
/// ``stream(_:contentType:)``. A body from a file or a stream is sent as it is read, never held whole
/// in memory; see ``RonBodySource`` for which bodies a retry may send again.
public struct AppRequestBody: Sendable, Hashable {
    /// Where the bytes come from.
    public var source: RonBodySource
    /// The `Content-Type` sent with them.
    public var contentType: String
    /// What a debug log may show instead of the bytes (a form's or multipart body's field names),
    /// `nil` for a body whose bytes a debug log shows (JSON, raw bytes).
    var summary: String?

    /// A body of raw bytes.
    public init(data: Data, contentType: String = "application/octet-stream") {
        self.source = .data(data)
        self.contentType = contentType
    }

    /// A body from any ``RonBodySource``.
    public init(source: RonBodySource, contentType: String) {
        self.source = source
        self.contentType = contentType
    }

    /// The bytes of a body held in memory; empty for a file or a stream (read ``source`` instead).
    /// Setting it makes the body an in-memory one.
    public var data: Data {
        get { source.bytes ?? Data() }
        set { source = .data(newValue) }
    }

    /// The body's length in bytes, when known (always for memory and files).
    public var length: Int64? { source.length }

    /// Whether the body can be sent again by a retry (see ``RonBodySource/isReplayable``).
    public var isReplayable: Bool { source.isReplayable }

    /// A JSON body encoded with `encoder` (a plain `JSONEncoder` by default), sent as
    /// `contentType`: `application/json` unless the operation names a JSON media type of its own,
    /// such as `application/merge-patch+json`.
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when encoding fails.
    public static func json(
        _ value: any Encodable, encoder: JSONEncoder = JSONEncoder(), contentType: String = "application/json"
    ) throws(LocalNetworkError) -> AppRequestBody {
        do {
            return AppRequestBody(data: try encoder.encode(value), contentType: contentType)
        } catch {
            throw .bodyEncodingFailed(type: String(describing: type(of: value)), reason: Self.describe(error))
        }
    }

    /// A whole file, streamed from disk as it is sent (`Content-Length` is its size now).
    ///
    /// The file must stay as it is until the call ends. The client checks that it is still there,
    /// readable and as long as it was before each attempt and once the server answered, and a read
    /// that finds it changed stops the upload; in each case the call answers a local, non-retryable
    /// `encode_failed` problem that names the file (a server's answer to bytes other than the body
    /// declared is dropped), and a retry never sends other bytes than the first attempt declared.
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when `url` is not a
    ///   readable regular file.
    public static func file(
        _ url: URL, contentType: String = "application/octet-stream"
    ) throws(LocalNetworkError) -> AppRequestBody {
        AppRequestBody(source: .file(url, length: try fileLength(url)), contentType: contentType)
    }

    /// A body read from `stream` as it is sent.
    public static func stream(
        _ stream: RonBodyStream, contentType: String = "application/octet-stream"
    ) -> AppRequestBody {
        AppRequestBody(source: .stream(stream), contentType: contentType)
    }

    /// The size of a regular file, or why it cannot be a body.
    static func fileLength(_ url: URL) throws(LocalNetworkError) -> Int64 {
        guard url.isFileURL else {
            throw .bodyEncodingFailed(type: "file", reason: "\(url) is not a file URL")
        }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw .bodyEncodingFailed(type: "file", reason: "cannot read \(url.path): no such file or no permission")
        }
        guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
            throw .bodyEncodingFailed(type: "file", reason: "\(url.path) is not a regular file")
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw .bodyEncodingFailed(type: "file", reason: "\(url.path) is not readable")
        }
        return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// What the body is, for messages: `file`, `stream`, `multipart body with a file or stream part`.
    var kindName: String {
        switch source {
        case .data: return "body in memory"
        case .file: return "file"
        case .stream:
            return summary?.hasPrefix("multipart") == true ? "multipart body with a file or stream part" : "stream"
        }
    }

    static func describe(_ error: any Error) -> String {
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
