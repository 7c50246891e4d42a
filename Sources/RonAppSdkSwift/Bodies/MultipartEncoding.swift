import Foundation

/// The wire form of a ``RonMultipartForm``: boundary lines, part heads, part contents.
struct MultipartEncoding {
    /// One stretch of the body: bytes made here, or a part's own content.
    enum Segment {
        case bytes(Data)
        case content(RonBodySource)
    }

    let boundary: String
    let source: RonBodySource

    init(_ form: RonMultipartForm) throws(LocalNetworkError) {
        var heads: [Data] = []
        for part in form.parts {
            heads.append(try Self.head(of: part))
        }
        let inMemory = form.parts.compactMap { $0.content.bytes } + heads
        if let given = form.boundary {
            try Self.check(boundary: given)
            if inMemory.contains(where: { $0.range(of: Data(given.utf8)) != nil }) {
                throw .bodyEncodingFailed(type: "multipart", reason: "the boundary \(given) occurs in a part")
            }
            boundary = given
        } else {
            boundary = try Self.randomBoundary(avoiding: inMemory)
        }
        var segments: [Segment] = []
        for (part, head) in zip(form.parts, heads) {
            segments.append(.bytes(Data("--\(boundary)\r\n".utf8) + head))
            segments.append(.content(part.content))
            segments.append(.bytes(Data("\r\n".utf8)))
        }
        segments.append(.bytes(Data("--\(boundary)--\r\n".utf8)))
        source = Self.source(of: segments)
    }

    /// One block of bytes when every segment is in memory, else a stream over the segments.
    private static func source(of segments: [Segment]) -> RonBodySource {
        var whole = Data()
        var length: Int64? = 0
        var replayable = true
        var streamed = false
        for segment in segments {
            switch segment {
            case .bytes(let data):
                whole.append(data)
                length = length.map { $0 + Int64(data.count) }
            case .content(let content):
                if let bytes = content.bytes {
                    whole.append(bytes)
                } else {
                    streamed = true
                }
                length = length.flatMap { total in content.length.map { total + $0 } }
                replayable = replayable && content.isReplayable
            }
        }
        guard streamed else { return .data(whole) }
        let stream = RonBodyStream(length: length, isReplayable: replayable) {
            let reader = SegmentReader(segments)
            return AsyncThrowingStream(unfolding: { try await reader.next() })
        }
        return .stream(stream)
    }

    /// `Content-Disposition`, `Content-Type`, the part's own headers, and the empty line.
    private static func head(of part: RonMultipartForm.Part) throws(LocalNetworkError) -> Data {
        var text = "Content-Disposition: form-data; name=\"\(quoted(part.name))\""
        if let filename = part.filename { text += "; filename=\"\(quoted(filename))\"" }
        text += "\r\n"
        if let type = part.contentType ?? (part.filename != nil ? "application/octet-stream" : nil) {
            try checkHeader("Content-Type", type, part: part.name)
            text += "Content-Type: \(type)\r\n"
        }
        for (name, value) in part.headers {
            try checkHeader(name, value, part: part.name)
            text += "\(name): \(value)\r\n"
        }
        return Data((text + "\r\n").utf8)
    }

    /// A name or file name as HTML forms quote it.
    static func quoted(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "%22"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func checkHeader(_ name: String, _ value: String, part: String) throws(LocalNetworkError) {
        do {
            try HeaderComposer.validate(name: name, value: value)
        } catch {
            throw .bodyEncodingFailed(type: "multipart", reason: "part \(quoted(part)): \(error.description)")
        }
    }

    /// RFC 2046: 1 to 70 characters from its `bchars`, not ending in a space.
    private static func check(boundary: String) throws(LocalNetworkError) {
        let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ")
        guard (1...70).contains(boundary.count), boundary.allSatisfy(allowed.contains), boundary.last != " " else {
            throw .bodyEncodingFailed(
                type: "multipart", reason: "the boundary \(boundary) is not 1 to 70 characters allowed by RFC 2046")
        }
    }

    private static func randomBoundary(avoiding parts: [Data]) throws(LocalNetworkError) -> String {
        let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for _ in 0..<8 {
            let candidate = "RonFormBoundary" + String((0..<24).map { _ in alphabet.randomElement()! })
            let bytes = Data(candidate.utf8)
            if !parts.contains(where: { $0.range(of: bytes) != nil }) { return candidate }
        }
        throw .bodyEncodingFailed(type: "multipart", reason: "no random boundary was found that no part contains")
    }
}

/// Reads the segments of a multipart body in order, each part's content chunk by chunk.
private final class SegmentReader: @unchecked Sendable {
    private var segments: ArraySlice<MultipartEncoding.Segment>
    private var current: AsyncThrowingStream<Data, any Error>.AsyncIterator?

    init(_ segments: [MultipartEncoding.Segment]) { self.segments = segments[...] }

    func next() async throws -> Data? {
        while true {
            if var iterator = current {
                let chunk = try await iterator.next()
                current = iterator
                if let chunk { return chunk }
                current = nil
            }
            guard let segment = segments.popFirst() else { return nil }
            switch segment {
            case .bytes(let data): return data
            case .content(let content):
                if let bytes = content.bytes {
                    if !bytes.isEmpty { return bytes }
                } else {
                    current = try content.chunks().makeAsyncIterator()
                }
            }
        }
    }
}
