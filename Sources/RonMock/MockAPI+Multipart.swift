import Foundation
import RonCodegenCore

/// A `multipart/form-data` body against its form: every required part is there (an array's absent
/// parts are an empty array), no part is sent twice unless it is an array, and a file part's media type is one its `encoding` lists.
extension MockAPI {
    /// `schema`: the body's schema, whose `required` says which parts must be there (a member
    /// with a `default` is optional unless it lists it, though the generated type always sends it).
    func multipartFindings(_ request: MockRequest, _ form: MultipartForm, schema: MockDocuments.Located?)
        -> [MockProblem.Finding]
    {
        guard let contentType = request.header("content-type"),
            let boundary = Self.boundary(of: contentType)
        else {
            return [.init(location: "body", message: "a multipart body needs a boundary in its Content-Type")]
        }
        guard let parts = Self.parts(of: request.body, boundary: boundary) else {
            return [.init(location: "body", message: "not multipart/form-data with boundary \(boundary)")]
        }
        let required = schema.map { Set(MockStateSchemas(documents: documents).required(of: $0)) }
        var findings: [MockProblem.Finding] = []
        for part in form.parts {
            let location = "body part '\(part.name)'"
            let sent = parts.filter { $0.name == part.name }
            if sent.isEmpty {
                // An array goes as one part per element, so an empty one is no part at all: a
                // required array that is absent is an empty array, as the generated calls send it.
                if required.map({ $0.contains(part.name) }) ?? part.required, !part.repeated {
                    findings.append(.init(location: location, message: "required, and missing"))
                }
                continue
            }
            if sent.count > 1 && !part.repeated {
                findings.append(.init(location: location, message: "sent \(sent.count) times, expected once"))
            }
            guard part.kind == .file, let allowed = part.allowedContentTypes else { continue }
            let patterns = allowed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            for one in sent {
                let media =
                    (one.contentType ?? "application/octet-stream").split(separator: ";").first.map {
                        $0.trimmingCharacters(in: .whitespaces).lowercased()
                    } ?? ""
                let fits = patterns.contains { pattern in
                    pattern == media || pattern == "*/*"
                        || (pattern.hasSuffix("/*") && media.hasPrefix(String(pattern.dropLast())))
                }
                if !fits {
                    findings.append(.init(location: location, message: "is \(media); the encoding lists \(allowed)"))
                }
            }
        }
        return findings
    }

    /// The `boundary` parameter of a `Content-Type`, unquoted.
    static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value =
                pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") ? String(pair[1].dropFirst().dropLast()) : pair[1]
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The name and media type of each part (RFC 7578), or `nil` when the body is not framed by
    /// `boundary`.
    static func parts(of body: Data, boundary: String) -> [(name: String?, contentType: String?)]? {
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        var starts: [Int] = []
        var index = 0
        while index + delimiter.count <= bytes.count {
            if bytes[index..<(index + delimiter.count)].elementsEqual(delimiter) {
                starts.append(index)
                index += delimiter.count
            } else {
                index += 1
            }
        }
        guard let last = starts.last, bytes[(last + delimiter.count)...].starts(with: Array("--".utf8)) else {
            return nil
        }
        var result: [(name: String?, contentType: String?)] = []
        for (start, end) in zip(starts, starts.dropFirst()) {
            let chunk = bytes[(start + delimiter.count)..<end]
            let text = String(decoding: chunk, as: UTF8.self)
            guard let headerEnd = text.range(of: "\r\n\r\n") else { return nil }
            var name: String?
            var contentType: String?
            for line in text[..<headerEnd.lowerBound].split(separator: "\r\n") {
                let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { continue }
                switch pair[0].lowercased() {
                case "content-type": contentType = pair[1]
                case "content-disposition":
                    for item in pair[1].split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) })
                    where item.hasPrefix("name=") {
                        name = String(item.dropFirst(5)).trimmingCharacters(in: ["\""])
                    }
                default: break
                }
            }
            result.append((name, contentType))
        }
        return result
    }
}
