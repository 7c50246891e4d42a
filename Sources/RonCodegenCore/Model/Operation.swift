/// One operation of an OpenAPI 3.1 document's `paths`: a method on a path template.
public struct Operation: Sendable, Equatable {
    /// The `operationId`, or a name made from the method and the path.
    public var operationId: String
    /// The Swift method name, unique among the operations of its receiver.
    public var swiftName: String
    /// The HTTP method, upper case (`GET`).
    public var method: String
    /// The path template below ``serverPath``, as written (`/facets/{id}/{path}`).
    public var path: String
    /// Where the operation is defined (`file#/paths/~1healthz/get`).
    public var origin: Origin
    /// The `summary`, or `nil`.
    public var summary: String?
    /// The `description`, or `nil`.
    public var description: String?
    /// The `tags`.
    public var tags: [String]
    /// Whether the operation is marked `deprecated`.
    public var deprecated: Bool
    /// The path, query and header parameters, path ones first in template order.
    public var parameters: [OperationParameter]
    /// The request body, or `nil`.
    public var requestBody: OperationBody?
    /// What a 2xx answer holds.
    public var result: OperationResult
    /// Whether the call is made through a facet (`/facets/{id}/...`): it becomes a method of
    /// `FacetClient` and its `id` parameter is the facet client's id.
    public var facetScoped: Bool
    /// For a list operation (a `page_token` query parameter and a `Page<T>` answer): `T`.
    public var pageItem: TypeReference?
    /// For several answers: the name of the generated enum, unique among all type names.
    public var resultTypeName: String?
    /// The path its calls go below: the path of the first server URL of the operation, its path
    /// item or its document (`https://api.example.com/v2` → `/v2`, `""` for the root), or `/app`
    /// when none lists `servers`. The App Plane document's `{base}/app` is `/app` too: its calls go
    /// through the client's `/app` prefix like hand-written ones.
    public var serverPath: String = "/app"
    /// The media types its answers come in (every status, in the document's order, XML left out
    /// beside others): the `Accept` its calls send unless the caller sets one. Empty: none sent.
    public var accept: [String] = []
    /// The query written in the path's key (`beta=true` of `/responses?beta=true`), sent before
    /// the parameters with every call; `nil` when there is none.
    public var fixedQuery: String? = nil

    /// The security requirements (the operation's own `security`, else its document's): alternatives,
    /// each the schemes needed together (``SchemaModel/securitySchemes`` of its document). `nil`
    /// when neither says; empty for `security: []` (no credentials).
    public var security: [[SecurityUse]]? = nil

    /// Whether a GET or HEAD: safe to call against a live node.
    public var isSafe: Bool { method == "GET" || method == "HEAD" }
}

/// A parameter of an ``Operation``.
public struct OperationParameter: Sendable, Equatable {
    /// Where it goes.
    public enum Location: String, Sendable, Equatable {
        /// A `{name}` of the path template.
        case path
        /// A query parameter.
        case query
        /// A request header.
        case header
        /// A cookie: a `name=value` pair of the request's `Cookie` header.
        case cookie
    }

    /// The name on the wire.
    public var name: String
    /// The Swift argument name.
    public var swiftName: String
    /// Where it goes.
    public var location: Location
    /// Its type (scalars, or an array of scalars for a query parameter).
    public var type: TypeReference
    /// Whether the call must give it.
    public var required: Bool
    /// For an array query parameter: one `name=value` per element (`explode`, the default), or one
    /// comma-separated value.
    public var explode: Bool
    /// A path parameter that may span several segments (`x-ron-path-tail`).
    public var pathTail: Bool
    /// The `description`, or `nil`.
    public var description: String?
    /// The `example` (or the first of `examples`) as written, or `nil`.
    public var example: DocumentValue?
    /// Where it is defined (`file#/paths/~1things/get/parameters/0`, or the component it refers
    /// to), or `nil` for a parameter not read from a document.
    public var origin: Origin? = nil
    /// For a query parameter whose value is an object, a union, or an array sent in a style other
    /// than `form`: how its pairs are made (`nil` within: arrays as repeated names, objects as
    /// `name[inner]`). Not set (the outer `nil`) for scalars and `form` arrays of scalars.
    public var queryStyle: FormFieldEncoding.Style?? = nil
}

/// The body of a request.
public struct OperationBody: Sendable, Equatable {
    /// The media type (`application/json`).
    public var contentType: String
    /// Its type.
    public var type: TypeReference
    /// Whether the call must send it.
    public var required: Bool
    /// The `description`, or `nil`.
    public var description: String?
    /// For a `multipart/form-data` body: its parts (``type`` then names the generated form type).
    public var multipart: MultipartForm? = nil
    /// A body of bytes sent as they are (any media type but JSON, forms and multipart): the call
    /// takes a `RonBodySource` and its media type (``type`` is ``TypeReference/bytes``).
    public var raw: Bool = false
    /// For an `application/x-www-form-urlencoded` body: the members its `encoding` object sends
    /// otherwise than by default, by wire name.
    public var formFields: [FormFieldEncoding] = []
    /// A `multipart/form-data` body whose schema does not list its parts (no properties, or parts
    /// under `additionalProperties`): the call takes a `RonMultipartForm` built by the caller.
    public var freeMultipart: Bool = false
    /// An `application/x-www-form-urlencoded` body whose schema does not list its fields: the call
    /// takes the name/value pairs.
    public var freeForm: Bool = false
    /// For a raw body whose media type is a range (`image/*`): the schema's `contentMediaType`,
    /// the `Content-Type` a call sends unless told otherwise (`nil`: `application/octet-stream`).
    public var defaultContentType: String? = nil
}

/// How one member of a url-encoded form body is sent, from the `encoding` object.
public struct FormFieldEncoding: Sendable, Equatable {
    /// The ways a member can go.
    public enum Style: Sendable, Equatable {
        /// One value, its elements (or an object's names and values) joined by this separator.
        case joined(String)
        /// An object's members as pairs of their own.
        case exploded
        /// The value as JSON text.
        case json
        /// Nested members as `outer[inner]`, array elements as `outer[0]` (style `deepObject`).
        case deepObject
    }

    /// The member's wire name.
    public var name: String
    /// How it is sent.
    public var style: Style

    /// Creates an encoding.
    public init(name: String, style: Style) {
        self.name = name
        self.style = style
    }
}

/// The parts of a `multipart/form-data` body: one per property of its schema, shaped by the media
/// type's `encoding` object.
public struct MultipartForm: Sendable, Equatable {
    /// The generated form type's name (`UploadPhotoForm`), unique among all type names.
    public var typeName: String
    /// The parts, in the schema's property order.
    public var parts: [MultipartPart]
}

/// One part (or, for an array, one part per element) of a ``MultipartForm``.
public struct MultipartPart: Sendable, Equatable {
    /// How a value becomes a part (OpenAPI's defaults, or the `encoding` object's `contentType`).
    public enum Kind: Sendable, Equatable {
        /// A primitive, sent as its text.
        case text
        /// An object, sent as JSON.
        case json
        /// Binary (`format: binary`, `contentMediaType`, or no schema): a file part.
        case file
    }

    /// The part's name (`name` in `Content-Disposition`): the property's.
    public var name: String
    /// The Swift property name.
    public var swiftName: String
    /// How a value is sent.
    public var kind: Kind
    /// The Swift type of one value (unused for a file part).
    public var type: TypeReference
    /// An array property: one part per element, all with the same name.
    public var repeated: Bool
    /// Whether the property is required.
    public var required: Bool
    /// The `encoding` object's media type for the part (its first that is not a wildcard), or `nil`.
    public var contentType: String?
    /// The media types the `encoding` object lists for the part, as written (`image/png, image/*`).
    public var allowedContentTypes: String?
    /// The part headers the `encoding` object lists (as header parameters; `swiftName` is the
    /// form type's property).
    public var headers: [OperationParameter]
    /// The property's `description`, or `nil`.
    public var description: String?
}

/// What the 2xx answers of an operation hold.
public indirect enum OperationResult: Sendable, Equatable {
    /// No schema, or no 2xx answer listed: `NoContent`.
    case none
    /// One answer: JSON of this type, the raw bytes (`Data`) or text (`String`).
    case single(OperationPayload)
    /// Several 2xx codes or content types: one enum case per status and media type.
    case several([OperationAlternative])
    /// A `text/event-stream` answer whose events' data are JSON of this type.
    case eventStream(TypeReference)
}

/// One kind of successful body.
public enum OperationPayload: Sendable, Equatable {
    /// JSON of this type.
    case json(TypeReference)
    /// Raw bytes, undecoded.
    case bytes
    /// Text.
    case text
    /// No body.
    case empty
}

/// One case of a several-answer operation.
public struct OperationAlternative: Sendable, Equatable {
    /// The status code (`200`) or class (`2XX`).
    public var status: String
    /// The media type, or `nil` for an answer without content.
    public var contentType: String?
    /// The body.
    public var payload: OperationPayload
    /// The Swift case name.
    public var swiftName: String
}
