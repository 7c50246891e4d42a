import Foundation

/// A file part's content for a generated `multipart/form-data` body: bytes, a file read from disk
/// as it is sent, or a stream, with its file name, media type and extra part headers.
///
/// Generated form types (`UploadPhotoForm`) hold one for every property the schema marks as binary
/// (`format: binary`, or `contentMediaType` without `contentEncoding`):
///
/// ```swift
/// let photo = try RonMultipartFile(fileURL: photoURL, contentType: "image/jpeg")
/// let answer = await client.uploadPhoto(body: UploadPhotoForm(title: "Holiday", photo: photo))
/// ```
public struct RonMultipartFile: Sendable, Hashable {
    /// The part's bytes.
    public var content: RonBodySource
    /// The file name sent in `Content-Disposition` (`filename`), or `nil` to send none.
    public var filename: String?
    /// The part's media type; `nil` sends the schema's (its `encoding` object's `contentType`), or
    /// `application/octet-stream`.
    public var contentType: String?
    /// More header fields of the part, after `Content-Disposition` and `Content-Type`.
    public var headers: RonHeaders

    /// Bytes held in memory.
    public init(data: Data, filename: String? = nil, contentType: String? = nil, headers: RonHeaders = [:]) {
        self.content = .data(data)
        self.filename = filename
        self.contentType = contentType
        self.headers = headers
    }

    /// A file read from disk as it is sent; `filename` defaults to the file's last path component.
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when `fileURL` is not a
    ///   readable regular file.
    public init(
        fileURL: URL, filename: String? = nil, contentType: String? = nil, headers: RonHeaders = [:]
    ) throws(LocalNetworkError) {
        self.content = .file(fileURL, length: try AppRequestBody.fileLength(fileURL))
        self.filename = filename ?? fileURL.lastPathComponent
        self.contentType = contentType
        self.headers = headers
    }

    /// Bytes read from `stream` as they are sent (the body is then not replayable, so not retried).
    public init(stream: RonBodyStream, filename: String? = nil, contentType: String? = nil, headers: RonHeaders = [:]) {
        self.content = .stream(stream)
        self.filename = filename
        self.contentType = contentType
        self.headers = headers
    }
}
