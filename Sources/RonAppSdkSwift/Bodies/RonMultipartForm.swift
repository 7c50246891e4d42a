import Foundation

/// The fields and files of a `multipart/form-data` body (RFC 7578), in order; send it with
/// ``AppRequestBody/multipart(_:)``.
///
/// ```swift
/// var form = RonMultipartForm()
/// form.append("title", value: "Holiday")
/// try form.append("photo", fileURL: photoURL, contentType: "image/jpeg")
/// let body = try AppRequestBody.multipart(form)
/// ```
///
/// A part's content is a ``RonBodySource``: bytes, a file (read from disk as it is sent), or a
/// ``RonBodyStream``. The body is replayable (retried) when every part is, and has a
/// `Content-Length` when every part's length is known.
public struct RonMultipartForm: Sendable, Hashable {
    /// One part: a field or a file.
    public struct Part: Sendable, Hashable {
        /// The field name (`name` in `Content-Disposition`).
        public var name: String
        /// The file name (`filename` in `Content-Disposition`), `nil` for a plain field.
        public var filename: String?
        /// The part's `Content-Type`; `nil` sends none for a field and `application/octet-stream`
        /// for a file.
        public var contentType: String?
        /// More header fields of the part (for example `Content-Language`), after
        /// `Content-Disposition` and `Content-Type`.
        public var headers: RonHeaders
        /// The part's bytes.
        public var content: RonBodySource

        /// Creates a part.
        public init(
            name: String, filename: String? = nil, contentType: String? = nil, headers: RonHeaders = [:],
            content: RonBodySource
        ) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.headers = headers
            self.content = content
        }
    }

    /// The parts, in the order they are sent.
    public var parts: [Part]
    /// The boundary to use; `nil` (the default) draws a random one that occurs in no part held in
    /// memory.
    public var boundary: String?

    /// An empty form.
    public init(parts: [Part] = [], boundary: String? = nil) {
        self.parts = parts
        self.boundary = boundary
    }

    /// Appends a text field (sent as UTF-8, without a `Content-Type`).
    public mutating func append(_ name: String, value: String) {
        parts.append(Part(name: name, content: .data(Data(value.utf8))))
    }

    /// Appends bytes: a file part when `filename` is given, else a field.
    public mutating func append(
        _ name: String, data: Data, filename: String? = nil, contentType: String? = nil, headers: RonHeaders = [:]
    ) {
        parts.append(
            Part(name: name, filename: filename, contentType: contentType, headers: headers, content: .data(data)))
    }

    /// Appends a file read from disk as it is sent; `filename` defaults to the file's last path
    /// component.
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when `fileURL` is not a
    ///   readable regular file.
    public mutating func append(
        _ name: String, fileURL: URL, filename: String? = nil, contentType: String? = nil, headers: RonHeaders = [:]
    ) throws(LocalNetworkError) {
        let length = try AppRequestBody.fileLength(fileURL)
        parts.append(
            Part(
                name: name, filename: filename ?? fileURL.lastPathComponent, contentType: contentType,
                headers: headers, content: .file(fileURL, length: length)))
    }

    /// Appends a part read from `stream` as it is sent.
    public mutating func append(
        _ name: String, stream: RonBodyStream, filename: String? = nil, contentType: String? = nil,
        headers: RonHeaders = [:]
    ) {
        parts.append(
            Part(name: name, filename: filename, contentType: contentType, headers: headers, content: .stream(stream)))
    }
}

extension AppRequestBody {
    /// A `multipart/form-data` body of `form`'s parts, with its boundary in the `Content-Type`.
    ///
    /// Names and file names are quoted as HTML forms do (`"` as `%22`, CR as `%0D`, LF as `%0A`).
    /// A form whose parts are all in memory becomes one block of bytes; one with a file or stream
    /// part is a ``RonBodyStream`` that reads each part as it is sent.
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` for a header that is not
    ///   valid, a given boundary that is not valid or occurs in a part, or a file part that cannot
    ///   be read.
    public static func multipart(_ form: RonMultipartForm) throws(LocalNetworkError) -> AppRequestBody {
        let encoded = try MultipartEncoding(form)
        var body = AppRequestBody(
            source: encoded.source, contentType: "multipart/form-data; boundary=\(encoded.boundary)")
        body.summary = "multipart parts: " + form.parts.map(\.name).joined(separator: ", ")
        return body
    }
}
