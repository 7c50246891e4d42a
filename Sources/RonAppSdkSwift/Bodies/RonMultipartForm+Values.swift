import Foundation

/// Typed parts, as generated `multipart/form-data` bodies append them (OpenAPI's defaults: a
/// primitive as text, an object or array element that is an object as `application/json`, binary
/// as a file part).
extension RonMultipartForm {
    /// Appends a field holding `value`'s text: a string as itself, a number or Boolean as JSON
    /// writes it. A value that encodes as an object or array is sent as JSON (`application/json`
    /// unless `contentType` says otherwise); one that encodes as `null` appends nothing.
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when the value does not
    ///   encode.
    public mutating func append(
        _ name: String, text value: some Encodable, contentType: String? = nil, headers: RonHeaders = [:],
        encoder: JSONEncoder = JSONEncoder()
    ) throws(LocalNetworkError) {
        let json = try Self.encode(value, encoder: encoder)
        switch json.first {
        case UInt8(ascii: "\""):
            let text: String
            do {
                text = try JSONDecoder().decode(String.self, from: json)
            } catch {
                throw .bodyEncodingFailed(
                    type: String(describing: type(of: value)), reason: AppRequestBody.describe(error))
            }
            parts.append(Part(name: name, contentType: contentType, headers: headers, content: .data(Data(text.utf8))))
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            parts.append(
                Part(name: name, contentType: contentType ?? "application/json", headers: headers, content: .data(json))
            )
        case UInt8(ascii: "n"):
            return
        default:
            parts.append(Part(name: name, contentType: contentType, headers: headers, content: .data(json)))
        }
    }

    /// Appends a part holding `value` as JSON, with `contentType` (`application/json` by default).
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when the value does not
    ///   encode.
    public mutating func append(
        _ name: String, json value: some Encodable, contentType: String = "application/json",
        headers: RonHeaders = [:], encoder: JSONEncoder = JSONEncoder()
    ) throws(LocalNetworkError) {
        let json = try Self.encode(value, encoder: encoder)
        parts.append(Part(name: name, contentType: contentType, headers: headers, content: .data(json)))
    }

    /// Appends a file part: `file`'s content and file name, its media type or else
    /// `defaultContentType`, and `headers` followed by the file's own.
    public mutating func append(
        _ name: String, file: RonMultipartFile, defaultContentType: String = "application/octet-stream",
        headers: RonHeaders = [:]
    ) {
        var all = headers
        for field in file.headers { all.append(field.name, field.value) }
        parts.append(
            Part(
                name: name, filename: file.filename, contentType: file.contentType ?? defaultContentType,
                headers: all, content: file.content))
    }

    private static func encode(_ value: some Encodable, encoder: JSONEncoder) throws(LocalNetworkError) -> Data {
        do {
            return try encoder.encode(value)
        } catch {
            throw .bodyEncodingFailed(type: String(describing: type(of: value)), reason: AppRequestBody.describe(error))
        }
    }
}
