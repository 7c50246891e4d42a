/// How one answer of an operation stands against the operation's documented responses.
public struct DescriptionAnswerVerdict: Sendable, Equatable, CustomStringConvertible {
    /// The verdict's kind: whether the status and the content type are documented at all.
    public enum Kind: Sendable, Equatable {
        /// The answer fits its documented response.
        case fits
        /// The status and the content type are documented, and ``DescriptionAnswerVerdict/problems``
        /// says where the answer breaks them.
        case breaks
        /// No response is documented for the status (by its code, its `2XX` range, or `default`);
        /// `documented` lists the response keys that are.
        case undocumentedStatus(Int, documented: [String])
        /// The response is documented but not for the answer's content type (`nil`: the answer has a
        /// body and no content type); `documented` lists the media types that are.
        case undocumentedContentType(String?, documented: [String])
        /// No operation is at the origin given (file and pointer of the operation object).
        case unknownOperation(String)
    }

    /// The verdict's kind.
    public var kind: Kind
    /// The key of the documented response the status matched (`200`, `2XX`, `default`).
    public var status: String?
    /// The documented media type the answer's content type matched (`application/json`, `*/*`).
    public var mediaType: String?
    /// Where the documented response is (`file#pointer`).
    public var responseOrigin: String?
    /// Where the body or the headers break the description; also filled beside an undocumented
    /// content type (a missing required header).
    public var problems: [DescriptionProblem]
    /// What was not judged and why (a body the response documents no content for, a body of a
    /// media type that is not JSON); never a reason to fail.
    public var notes: [String]

    /// A verdict.
    public init(
        kind: Kind, status: String? = nil, mediaType: String? = nil, responseOrigin: String? = nil,
        problems: [DescriptionProblem] = [], notes: [String] = []
    ) {
        self.kind = kind
        self.status = status
        self.mediaType = mediaType
        self.responseOrigin = responseOrigin
        self.problems = problems
        self.notes = notes
    }

    /// Whether the answer fits the description.
    public var fits: Bool { kind == .fits }

    /// One line a verdict, then one a problem.
    public var description: String {
        var lines: [String]
        switch kind {
        case .fits: lines = ["fits response \(status ?? "?")" + (mediaType.map { " (\($0))" } ?? "")]
        case .breaks: lines = ["breaks response \(status ?? "?")" + (mediaType.map { " (\($0))" } ?? "")]
        case .undocumentedStatus(let code, let documented):
            lines = ["status \(code) is not documented (documented: \(documented.joined(separator: ", ")))"]
        case .undocumentedContentType(let type, let documented):
            lines = [
                "content type \(type ?? "(none)") is not documented for response \(status ?? "?") (documented: "
                    + (documented.isEmpty ? "none" : documented.joined(separator: ", ")) + ")"
            ]
        case .unknownOperation(let origin): lines = ["no operation at \(origin)"]
        }
        return (lines + problems.map { "  " + $0.description }).joined(separator: "\n")
    }
}

/// One response an operation documents, as ``DescriptionAnswerCheck/responses(of:)`` lists them.
public struct DescriptionDocumentedResponse: Sendable, Equatable {
    /// One media type of a response's `content`.
    public struct MediaType: Sendable, Equatable {
        /// The media type as written (`application/json`, `text/*`).
        public var name: String
        /// Whether it is a JSON media type (`application/json`, `…+json`).
        public var isJSON: Bool
        /// Whether it is JSON and has a `schema` a body is judged by.
        public var hasJSONSchema: Bool

        /// A media type.
        public init(name: String, isJSON: Bool, hasJSONSchema: Bool) {
            self.name = name
            self.isJSON = isJSON
            self.hasJSONSchema = hasJSONSchema
        }
    }

    /// The response's key: a status code, a range (`2XX`) or `default`.
    public var status: String
    /// Where the response is (`file#pointer`, its `$ref` followed).
    public var origin: String
    /// The media types of its `content`, in document order (empty: no body documented).
    public var mediaTypes: [MediaType]
    /// The headers it declares `required: true`.
    public var requiredHeaders: [String]

    /// A documented response.
    public init(status: String, origin: String, mediaTypes: [MediaType], requiredHeaders: [String]) {
        self.status = status
        self.origin = origin
        self.mediaTypes = mediaTypes
        self.requiredHeaders = requiredHeaders
    }

    /// Whether any of its media types is JSON with a schema.
    public var hasJSONSchema: Bool { mediaTypes.contains(where: \.hasJSONSchema) }
}
