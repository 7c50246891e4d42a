// swift-format-ignore-file
// The peer client and types of the benchmarks (Benchmarks/RonBench), made by
// apple/swift-openapi-generator 1.14.3 (built outside this package, from its 1.14.3 tag) with
//   swift-openapi-generator generate Benchmarks/OpenAPI/openapi.yaml \
//     --config Benchmarks/OpenAPI/openapi-generator-config.yaml --output-directory <dir>
// and its files joined into this one, their shared imports once at the top (split files each
// repeat every import, which Swift 6.3 reports as unused-import warnings), and the
// `swift-format-ignore-file` line added above. Committed so that no
// build here needs the generator's plugin. Regenerate; do not edit.
@_spi(Generated) public import OpenAPIRuntime
public import struct Foundation.URL
public import struct Foundation.Data
public import struct Foundation.Date
import HTTPTypes

/// A type that performs HTTP operations defined by the OpenAPI document.
public protocol APIProtocol: Sendable {
    /// - Remark: HTTP `GET /app/hello`.
    /// - Remark: Generated from `#/paths//app/hello/get(getHello)`.
    func getHello(_ input: Operations.GetHello.Input) async throws -> Operations.GetHello.Output
    /// - Remark: HTTP `GET /app/facets/bench/hello`.
    /// - Remark: Generated from `#/paths//app/facets/bench/hello/get(getBenchHello)`.
    func getBenchHello(_ input: Operations.GetBenchHello.Input) async throws -> Operations.GetBenchHello.Output
    /// - Remark: HTTP `GET /app/items`.
    /// - Remark: Generated from `#/paths//app/items/get(listItems)`.
    func listItems(_ input: Operations.ListItems.Input) async throws -> Operations.ListItems.Output
    /// - Remark: HTTP `POST /app/_test/upload`.
    /// - Remark: Generated from `#/paths//app/_test/upload/post(upload)`.
    func upload(_ input: Operations.Upload.Input) async throws -> Operations.Upload.Output
}

/// Convenience overloads for operation inputs.
extension APIProtocol {
    /// - Remark: HTTP `GET /app/hello`.
    /// - Remark: Generated from `#/paths//app/hello/get(getHello)`.
    public func getHello(headers: Operations.GetHello.Input.Headers = .init()) async throws -> Operations.GetHello.Output {
        try await getHello(Operations.GetHello.Input(headers: headers))
    }
    /// - Remark: HTTP `GET /app/facets/bench/hello`.
    /// - Remark: Generated from `#/paths//app/facets/bench/hello/get(getBenchHello)`.
    public func getBenchHello(headers: Operations.GetBenchHello.Input.Headers = .init()) async throws -> Operations.GetBenchHello.Output {
        try await getBenchHello(Operations.GetBenchHello.Input(headers: headers))
    }
    /// - Remark: HTTP `GET /app/items`.
    /// - Remark: Generated from `#/paths//app/items/get(listItems)`.
    public func listItems(
        query: Operations.ListItems.Input.Query = .init(),
        headers: Operations.ListItems.Input.Headers = .init()
    ) async throws -> Operations.ListItems.Output {
        try await listItems(Operations.ListItems.Input(
            query: query,
            headers: headers
        ))
    }
    /// - Remark: HTTP `POST /app/_test/upload`.
    /// - Remark: Generated from `#/paths//app/_test/upload/post(upload)`.
    public func upload(body: Operations.Upload.Input.Body) async throws -> Operations.Upload.Output {
        try await upload(Operations.Upload.Input(body: body))
    }
}

/// Server URLs defined in the OpenAPI document.
public enum Servers {
    public enum Server1 {
        public static func url() throws -> Foundation.URL {
            try Foundation.URL(
                validatingOpenAPIServerURL: "http://127.0.0.1:8080",
                variables: []
            )
        }
    }
    @available(*, deprecated, renamed: "Servers.Server1.url")
    public static func server1() throws -> Foundation.URL {
        try Foundation.URL(
            validatingOpenAPIServerURL: "http://127.0.0.1:8080",
            variables: []
        )
    }
}

/// Types generated from the components section of the OpenAPI document.
public enum Components {}

extension Components {
    /// Types generated from the `#/components/schemas` section of the OpenAPI document.
    public enum Schemas {
        /// - Remark: Generated from `#/components/schemas/Hello`.
        public struct Hello: Codable, Hashable, Sendable {
            /// - Remark: Generated from `#/components/schemas/Hello/message`.
            public var message: Swift.String
            /// Creates a new `Hello`.
            ///
            /// - Parameters:
            ///   - message:
            public init(message: Swift.String) {
                self.message = message
            }
            public enum CodingKeys: String, CodingKey {
                case message
            }
        }
        /// - Remark: Generated from `#/components/schemas/ItemState`.
        @frozen public enum ItemState: String, Codable, Hashable, Sendable, CaseIterable {
            case draft = "draft"
            case published = "published"
            case archived = "archived"
        }
        /// - Remark: Generated from `#/components/schemas/Item`.
        public struct Item: Codable, Hashable, Sendable {
            /// - Remark: Generated from `#/components/schemas/Item/id`.
            public var id: Swift.String
            /// - Remark: Generated from `#/components/schemas/Item/name`.
            public var name: Swift.String
            /// - Remark: Generated from `#/components/schemas/Item/state`.
            public var state: Components.Schemas.ItemState
            /// - Remark: Generated from `#/components/schemas/Item/size_bytes`.
            public var sizeBytes: Swift.Int64
            /// - Remark: Generated from `#/components/schemas/Item/version`.
            public var version: Swift.String
            /// - Remark: Generated from `#/components/schemas/Item/created_at`.
            public var createdAt: Foundation.Date
            /// - Remark: Generated from `#/components/schemas/Item/checksum`.
            public var checksum: Swift.String?
            /// - Remark: Generated from `#/components/schemas/Item/tags`.
            public var tags: [Swift.String]?
            /// Creates a new `Item`.
            ///
            /// - Parameters:
            ///   - id:
            ///   - name:
            ///   - state:
            ///   - sizeBytes:
            ///   - version:
            ///   - createdAt:
            ///   - checksum:
            ///   - tags:
            public init(
                id: Swift.String,
                name: Swift.String,
                state: Components.Schemas.ItemState,
                sizeBytes: Swift.Int64,
                version: Swift.String,
                createdAt: Foundation.Date,
                checksum: Swift.String? = nil,
                tags: [Swift.String]? = nil
            ) {
                self.id = id
                self.name = name
                self.state = state
                self.sizeBytes = sizeBytes
                self.version = version
                self.createdAt = createdAt
                self.checksum = checksum
                self.tags = tags
            }
            public enum CodingKeys: String, CodingKey {
                case id
                case name
                case state
                case sizeBytes = "size_bytes"
                case version
                case createdAt = "created_at"
                case checksum
                case tags
            }
        }
        /// - Remark: Generated from `#/components/schemas/ItemPage`.
        public struct ItemPage: Codable, Hashable, Sendable {
            /// - Remark: Generated from `#/components/schemas/ItemPage/items`.
            public var items: [Components.Schemas.Item]
            /// - Remark: Generated from `#/components/schemas/ItemPage/next_page_token`.
            public var nextPageToken: Swift.String?
            /// Creates a new `ItemPage`.
            ///
            /// - Parameters:
            ///   - items:
            ///   - nextPageToken:
            public init(
                items: [Components.Schemas.Item],
                nextPageToken: Swift.String? = nil
            ) {
                self.items = items
                self.nextPageToken = nextPageToken
            }
            public enum CodingKeys: String, CodingKey {
                case items
                case nextPageToken = "next_page_token"
            }
        }
        /// - Remark: Generated from `#/components/schemas/MediaKind`.
        @frozen public enum MediaKind: String, Codable, Hashable, Sendable, CaseIterable {
            case blob = "blob"
            case manifest = "manifest"
        }
        /// - Remark: Generated from `#/components/schemas/EntryRef`.
        public struct EntryRef: Codable, Hashable, Sendable {
            /// - Remark: Generated from `#/components/schemas/EntryRef/id`.
            public var id: Swift.String
            /// - Remark: Generated from `#/components/schemas/EntryRef/size`.
            public var size: Swift.Int64
            /// - Remark: Generated from `#/components/schemas/EntryRef/kind`.
            public var kind: Components.Schemas.MediaKind?
            /// Creates a new `EntryRef`.
            ///
            /// - Parameters:
            ///   - id:
            ///   - size:
            ///   - kind:
            public init(
                id: Swift.String,
                size: Swift.Int64,
                kind: Components.Schemas.MediaKind? = nil
            ) {
                self.id = id
                self.size = size
                self.kind = kind
            }
            public enum CodingKeys: String, CodingKey {
                case id
                case size
                case kind
            }
        }
        /// - Remark: Generated from `#/components/schemas/ManifestV1`.
        public struct ManifestV1: Codable, Hashable, Sendable {
            /// - Remark: Generated from `#/components/schemas/ManifestV1/version`.
            public var version: Swift.Int32
            /// - Remark: Generated from `#/components/schemas/ManifestV1/root`.
            public var root: Swift.String
            /// - Remark: Generated from `#/components/schemas/ManifestV1/entries`.
            public struct EntriesPayload: Codable, Hashable, Sendable {
                /// A container of undocumented properties.
                public var additionalProperties: [String: Components.Schemas.EntryRef]
                /// Creates a new `EntriesPayload`.
                ///
                /// - Parameters:
                ///   - additionalProperties: A container of undocumented properties.
                public init(additionalProperties: [String: Components.Schemas.EntryRef] = .init()) {
                    self.additionalProperties = additionalProperties
                }
                public init(from decoder: any Swift.Decoder) throws {
                    additionalProperties = try decoder.decodeAdditionalProperties(knownKeys: [])
                }
                public func encode(to encoder: any Swift.Encoder) throws {
                    try encoder.encodeAdditionalProperties(additionalProperties)
                }
            }
            /// - Remark: Generated from `#/components/schemas/ManifestV1/entries`.
            public var entries: Components.Schemas.ManifestV1.EntriesPayload
            /// - Remark: Generated from `#/components/schemas/ManifestV1/meta`.
            public struct MetaPayload: Codable, Hashable, Sendable {
                /// A container of undocumented properties.
                public var additionalProperties: [String: Swift.String]
                /// Creates a new `MetaPayload`.
                ///
                /// - Parameters:
                ///   - additionalProperties: A container of undocumented properties.
                public init(additionalProperties: [String: Swift.String] = .init()) {
                    self.additionalProperties = additionalProperties
                }
                public init(from decoder: any Swift.Decoder) throws {
                    additionalProperties = try decoder.decodeAdditionalProperties(knownKeys: [])
                }
                public func encode(to encoder: any Swift.Encoder) throws {
                    try encoder.encodeAdditionalProperties(additionalProperties)
                }
            }
            /// - Remark: Generated from `#/components/schemas/ManifestV1/meta`.
            public var meta: Components.Schemas.ManifestV1.MetaPayload?
            /// Creates a new `ManifestV1`.
            ///
            /// - Parameters:
            ///   - version:
            ///   - root:
            ///   - entries:
            ///   - meta:
            public init(
                version: Swift.Int32,
                root: Swift.String,
                entries: Components.Schemas.ManifestV1.EntriesPayload,
                meta: Components.Schemas.ManifestV1.MetaPayload? = nil
            ) {
                self.version = version
                self.root = root
                self.entries = entries
                self.meta = meta
            }
            public enum CodingKeys: String, CodingKey {
                case version
                case root
                case entries
                case meta
            }
        }
    }
}

extension Components {
    /// Types generated from the `#/components/parameters` section of the OpenAPI document.
    public enum Parameters {}
}

extension Components {
    /// Types generated from the `#/components/requestBodies` section of the OpenAPI document.
    public enum RequestBodies {}
}

extension Components {
    /// Types generated from the `#/components/responses` section of the OpenAPI document.
    public enum Responses {}
}

extension Components {
    /// Types generated from the `#/components/headers` section of the OpenAPI document.
    public enum Headers {}
}

/// API operations, with input and output types, generated from `#/paths` in the OpenAPI document.
public enum Operations {
    /// - Remark: HTTP `GET /app/hello`.
    /// - Remark: Generated from `#/paths//app/hello/get(getHello)`.
    public enum GetHello {
        public static let id: Swift.String = "getHello"
        public struct Input: Sendable, Hashable {
            /// - Remark: Generated from `#/paths/app/hello/GET/header`.
            public struct Headers: Sendable, Hashable {
                public var accept: [OpenAPIRuntime.AcceptHeaderContentType<Operations.GetHello.AcceptableContentType>]
                /// Creates a new `Headers`.
                ///
                /// - Parameters:
                ///   - accept:
                public init(accept: [OpenAPIRuntime.AcceptHeaderContentType<Operations.GetHello.AcceptableContentType>] = .defaultValues()) {
                    self.accept = accept
                }
            }
            public var headers: Operations.GetHello.Input.Headers
            /// Creates a new `Input`.
            ///
            /// - Parameters:
            ///   - headers:
            public init(headers: Operations.GetHello.Input.Headers = .init()) {
                self.headers = headers
            }
        }
        @frozen public enum Output: Sendable, Hashable {
            public struct Ok: Sendable, Hashable {
                /// - Remark: Generated from `#/paths/app/hello/GET/responses/200/content`.
                @frozen public enum Body: Sendable, Hashable {
                    /// - Remark: Generated from `#/paths/app/hello/GET/responses/200/content/application\/json`.
                    case json(Components.Schemas.Hello)
                    /// The associated value of the enum case if `self` is `.json`.
                    ///
                    /// - Throws: An error if `self` is not `.json`.
                    /// - SeeAlso: `.json`.
                    public var json: Components.Schemas.Hello {
                        get throws {
                            switch self {
                            case let .json(body):
                                return body
                            }
                        }
                    }
                }
                /// Received HTTP response body
                public var body: Operations.GetHello.Output.Ok.Body
                /// Creates a new `Ok`.
                ///
                /// - Parameters:
                ///   - body: Received HTTP response body
                public init(body: Operations.GetHello.Output.Ok.Body) {
                    self.body = body
                }
            }
            /// A greeting.
            ///
            /// - Remark: Generated from `#/paths//app/hello/get(getHello)/responses/200`.
            ///
            /// HTTP response code: `200 ok`.
            case ok(Operations.GetHello.Output.Ok)
            /// The associated value of the enum case if `self` is `.ok`.
            ///
            /// - Throws: An error if `self` is not `.ok`.
            /// - SeeAlso: `.ok`.
            public var ok: Operations.GetHello.Output.Ok {
                get throws {
                    switch self {
                    case let .ok(response):
                        return response
                    default:
                        try throwUnexpectedResponseStatus(
                            expectedStatus: "ok",
                            response: self
                        )
                    }
                }
            }
            /// Undocumented response.
            ///
            /// A response with a code that is not documented in the OpenAPI document.
            case undocumented(statusCode: Swift.Int, OpenAPIRuntime.UndocumentedPayload)
        }
        @frozen public enum AcceptableContentType: AcceptableProtocol {
            case json
            case other(Swift.String)
            public init?(rawValue: Swift.String) {
                switch rawValue.lowercased() {
                case "application/json":
                    self = .json
                default:
                    self = .other(rawValue)
                }
            }
            public var rawValue: Swift.String {
                switch self {
                case let .other(string):
                    return string
                case .json:
                    return "application/json"
                }
            }
            public static var allCases: [Self] {
                [
                    .json
                ]
            }
        }
    }
    /// - Remark: HTTP `GET /app/facets/bench/hello`.
    /// - Remark: Generated from `#/paths//app/facets/bench/hello/get(getBenchHello)`.
    public enum GetBenchHello {
        public static let id: Swift.String = "getBenchHello"
        public struct Input: Sendable, Hashable {
            /// - Remark: Generated from `#/paths/app/facets/bench/hello/GET/header`.
            public struct Headers: Sendable, Hashable {
                public var accept: [OpenAPIRuntime.AcceptHeaderContentType<Operations.GetBenchHello.AcceptableContentType>]
                /// Creates a new `Headers`.
                ///
                /// - Parameters:
                ///   - accept:
                public init(accept: [OpenAPIRuntime.AcceptHeaderContentType<Operations.GetBenchHello.AcceptableContentType>] = .defaultValues()) {
                    self.accept = accept
                }
            }
            public var headers: Operations.GetBenchHello.Input.Headers
            /// Creates a new `Input`.
            ///
            /// - Parameters:
            ///   - headers:
            public init(headers: Operations.GetBenchHello.Input.Headers = .init()) {
                self.headers = headers
            }
        }
        @frozen public enum Output: Sendable, Hashable {
            public struct Ok: Sendable, Hashable {
                /// - Remark: Generated from `#/paths/app/facets/bench/hello/GET/responses/200/content`.
                @frozen public enum Body: Sendable, Hashable {
                    /// - Remark: Generated from `#/paths/app/facets/bench/hello/GET/responses/200/content/application\/json`.
                    case json(Components.Schemas.Hello)
                    /// The associated value of the enum case if `self` is `.json`.
                    ///
                    /// - Throws: An error if `self` is not `.json`.
                    /// - SeeAlso: `.json`.
                    public var json: Components.Schemas.Hello {
                        get throws {
                            switch self {
                            case let .json(body):
                                return body
                            }
                        }
                    }
                }
                /// Received HTTP response body
                public var body: Operations.GetBenchHello.Output.Ok.Body
                /// Creates a new `Ok`.
                ///
                /// - Parameters:
                ///   - body: Received HTTP response body
                public init(body: Operations.GetBenchHello.Output.Ok.Body) {
                    self.body = body
                }
            }
            /// A greeting served by the benchmark's static facet.
            ///
            /// - Remark: Generated from `#/paths//app/facets/bench/hello/get(getBenchHello)/responses/200`.
            ///
            /// HTTP response code: `200 ok`.
            case ok(Operations.GetBenchHello.Output.Ok)
            /// The associated value of the enum case if `self` is `.ok`.
            ///
            /// - Throws: An error if `self` is not `.ok`.
            /// - SeeAlso: `.ok`.
            public var ok: Operations.GetBenchHello.Output.Ok {
                get throws {
                    switch self {
                    case let .ok(response):
                        return response
                    default:
                        try throwUnexpectedResponseStatus(
                            expectedStatus: "ok",
                            response: self
                        )
                    }
                }
            }
            /// Undocumented response.
            ///
            /// A response with a code that is not documented in the OpenAPI document.
            case undocumented(statusCode: Swift.Int, OpenAPIRuntime.UndocumentedPayload)
        }
        @frozen public enum AcceptableContentType: AcceptableProtocol {
            case json
            case other(Swift.String)
            public init?(rawValue: Swift.String) {
                switch rawValue.lowercased() {
                case "application/json":
                    self = .json
                default:
                    self = .other(rawValue)
                }
            }
            public var rawValue: Swift.String {
                switch self {
                case let .other(string):
                    return string
                case .json:
                    return "application/json"
                }
            }
            public static var allCases: [Self] {
                [
                    .json
                ]
            }
        }
    }
    /// - Remark: HTTP `GET /app/items`.
    /// - Remark: Generated from `#/paths//app/items/get(listItems)`.
    public enum ListItems {
        public static let id: Swift.String = "listItems"
        public struct Input: Sendable, Hashable {
            /// - Remark: Generated from `#/paths/app/items/GET/query`.
            public struct Query: Sendable, Hashable {
                /// - Remark: Generated from `#/paths/app/items/GET/query/page_size`.
                public var pageSize: Swift.Int?
                /// - Remark: Generated from `#/paths/app/items/GET/query/page_token`.
                public var pageToken: Swift.String?
                /// Creates a new `Query`.
                ///
                /// - Parameters:
                ///   - pageSize:
                ///   - pageToken:
                public init(
                    pageSize: Swift.Int? = nil,
                    pageToken: Swift.String? = nil
                ) {
                    self.pageSize = pageSize
                    self.pageToken = pageToken
                }
            }
            public var query: Operations.ListItems.Input.Query
            /// - Remark: Generated from `#/paths/app/items/GET/header`.
            public struct Headers: Sendable, Hashable {
                public var accept: [OpenAPIRuntime.AcceptHeaderContentType<Operations.ListItems.AcceptableContentType>]
                /// Creates a new `Headers`.
                ///
                /// - Parameters:
                ///   - accept:
                public init(accept: [OpenAPIRuntime.AcceptHeaderContentType<Operations.ListItems.AcceptableContentType>] = .defaultValues()) {
                    self.accept = accept
                }
            }
            public var headers: Operations.ListItems.Input.Headers
            /// Creates a new `Input`.
            ///
            /// - Parameters:
            ///   - query:
            ///   - headers:
            public init(
                query: Operations.ListItems.Input.Query = .init(),
                headers: Operations.ListItems.Input.Headers = .init()
            ) {
                self.query = query
                self.headers = headers
            }
        }
        @frozen public enum Output: Sendable, Hashable {
            public struct Ok: Sendable, Hashable {
                /// - Remark: Generated from `#/paths/app/items/GET/responses/200/content`.
                @frozen public enum Body: Sendable, Hashable {
                    /// - Remark: Generated from `#/paths/app/items/GET/responses/200/content/application\/json`.
                    case json(Components.Schemas.ItemPage)
                    /// The associated value of the enum case if `self` is `.json`.
                    ///
                    /// - Throws: An error if `self` is not `.json`.
                    /// - SeeAlso: `.json`.
                    public var json: Components.Schemas.ItemPage {
                        get throws {
                            switch self {
                            case let .json(body):
                                return body
                            }
                        }
                    }
                }
                /// Received HTTP response body
                public var body: Operations.ListItems.Output.Ok.Body
                /// Creates a new `Ok`.
                ///
                /// - Parameters:
                ///   - body: Received HTTP response body
                public init(body: Operations.ListItems.Output.Ok.Body) {
                    self.body = body
                }
            }
            /// A page of items.
            ///
            /// - Remark: Generated from `#/paths//app/items/get(listItems)/responses/200`.
            ///
            /// HTTP response code: `200 ok`.
            case ok(Operations.ListItems.Output.Ok)
            /// The associated value of the enum case if `self` is `.ok`.
            ///
            /// - Throws: An error if `self` is not `.ok`.
            /// - SeeAlso: `.ok`.
            public var ok: Operations.ListItems.Output.Ok {
                get throws {
                    switch self {
                    case let .ok(response):
                        return response
                    default:
                        try throwUnexpectedResponseStatus(
                            expectedStatus: "ok",
                            response: self
                        )
                    }
                }
            }
            /// Undocumented response.
            ///
            /// A response with a code that is not documented in the OpenAPI document.
            case undocumented(statusCode: Swift.Int, OpenAPIRuntime.UndocumentedPayload)
        }
        @frozen public enum AcceptableContentType: AcceptableProtocol {
            case json
            case other(Swift.String)
            public init?(rawValue: Swift.String) {
                switch rawValue.lowercased() {
                case "application/json":
                    self = .json
                default:
                    self = .other(rawValue)
                }
            }
            public var rawValue: Swift.String {
                switch self {
                case let .other(string):
                    return string
                case .json:
                    return "application/json"
                }
            }
            public static var allCases: [Self] {
                [
                    .json
                ]
            }
        }
    }
    /// - Remark: HTTP `POST /app/_test/upload`.
    /// - Remark: Generated from `#/paths//app/_test/upload/post(upload)`.
    public enum Upload {
        public static let id: Swift.String = "upload"
        public struct Input: Sendable, Hashable {
            /// - Remark: Generated from `#/paths/app/_test/upload/POST/requestBody`.
            @frozen public enum Body: Sendable, Hashable {
                /// - Remark: Generated from `#/paths/app/_test/upload/POST/requestBody/content/application\/json`.
                case json(Components.Schemas.ItemPage)
            }
            public var body: Operations.Upload.Input.Body
            /// Creates a new `Input`.
            ///
            /// - Parameters:
            ///   - body:
            public init(body: Operations.Upload.Input.Body) {
                self.body = body
            }
        }
        @frozen public enum Output: Sendable, Hashable {
            public struct NoContent: Sendable, Hashable {
                /// Creates a new `NoContent`.
                public init() {}
            }
            /// Accepted.
            ///
            /// - Remark: Generated from `#/paths//app/_test/upload/post(upload)/responses/204`.
            ///
            /// HTTP response code: `204 noContent`.
            case noContent(Operations.Upload.Output.NoContent)
            /// Accepted.
            ///
            /// - Remark: Generated from `#/paths//app/_test/upload/post(upload)/responses/204`.
            ///
            /// HTTP response code: `204 noContent`.
            public static var noContent: Self {
                .noContent(.init())
            }
            /// The associated value of the enum case if `self` is `.noContent`.
            ///
            /// - Throws: An error if `self` is not `.noContent`.
            /// - SeeAlso: `.noContent`.
            public var noContent: Operations.Upload.Output.NoContent {
                get throws {
                    switch self {
                    case let .noContent(response):
                        return response
                    default:
                        try throwUnexpectedResponseStatus(
                            expectedStatus: "noContent",
                            response: self
                        )
                    }
                }
            }
            /// Undocumented response.
            ///
            /// A response with a code that is not documented in the OpenAPI document.
            case undocumented(statusCode: Swift.Int, OpenAPIRuntime.UndocumentedPayload)
        }
    }
}

public struct Client: APIProtocol {
    /// The underlying HTTP client.
    private let client: UniversalClient
    /// Creates a new client.
    /// - Parameters:
    ///   - serverURL: The server URL that the client connects to. Any server
    ///   URLs defined in the OpenAPI document are available as static methods
    ///   on the ``Servers`` type.
    ///   - configuration: A set of configuration values for the client.
    ///   - transport: A transport that performs HTTP operations.
    ///   - middlewares: A list of middlewares to call before the transport.
    public init(
        serverURL: Foundation.URL,
        configuration: Configuration = .init(),
        transport: any ClientTransport,
        middlewares: [any ClientMiddleware] = []
    ) {
        self.client = .init(
            serverURL: serverURL,
            configuration: configuration,
            transport: transport,
            middlewares: middlewares
        )
    }
    private var converter: Converter {
        client.converter
    }
    /// - Remark: HTTP `GET /app/hello`.
    /// - Remark: Generated from `#/paths//app/hello/get(getHello)`.
    public func getHello(_ input: Operations.GetHello.Input) async throws -> Operations.GetHello.Output {
        try await client.send(
            input: input,
            forOperation: Operations.GetHello.id,
            serializer: { input in
                let path = try converter.renderedPath(
                    template: "/app/hello",
                    parameters: []
                )
                var request: HTTPTypes.HTTPRequest = .init(
                    soar_path: path,
                    method: .get
                )
                suppressMutabilityWarning(&request)
                converter.setAcceptHeader(
                    in: &request.headerFields,
                    contentTypes: input.headers.accept
                )
                return (request, nil)
            },
            deserializer: { response, responseBody in
                switch response.status.code {
                case 200:
                    let contentType = converter.extractContentTypeIfPresent(in: response.headerFields)
                    let body: Operations.GetHello.Output.Ok.Body
                    let chosenContentType = try converter.bestContentType(
                        received: contentType,
                        options: [
                            "application/json"
                        ]
                    )
                    switch chosenContentType {
                    case "application/json":
                        body = try await converter.getResponseBodyAsJSON(
                            Components.Schemas.Hello.self,
                            from: responseBody,
                            transforming: { value in
                                .json(value)
                            }
                        )
                    default:
                        preconditionFailure("bestContentType chose an invalid content type.")
                    }
                    return .ok(.init(body: body))
                default:
                    return .undocumented(
                        statusCode: response.status.code,
                        .init(
                            headerFields: response.headerFields,
                            body: responseBody
                        )
                    )
                }
            }
        )
    }
    /// - Remark: HTTP `GET /app/facets/bench/hello`.
    /// - Remark: Generated from `#/paths//app/facets/bench/hello/get(getBenchHello)`.
    public func getBenchHello(_ input: Operations.GetBenchHello.Input) async throws -> Operations.GetBenchHello.Output {
        try await client.send(
            input: input,
            forOperation: Operations.GetBenchHello.id,
            serializer: { input in
                let path = try converter.renderedPath(
                    template: "/app/facets/bench/hello",
                    parameters: []
                )
                var request: HTTPTypes.HTTPRequest = .init(
                    soar_path: path,
                    method: .get
                )
                suppressMutabilityWarning(&request)
                converter.setAcceptHeader(
                    in: &request.headerFields,
                    contentTypes: input.headers.accept
                )
                return (request, nil)
            },
            deserializer: { response, responseBody in
                switch response.status.code {
                case 200:
                    let contentType = converter.extractContentTypeIfPresent(in: response.headerFields)
                    let body: Operations.GetBenchHello.Output.Ok.Body
                    let chosenContentType = try converter.bestContentType(
                        received: contentType,
                        options: [
                            "application/json"
                        ]
                    )
                    switch chosenContentType {
                    case "application/json":
                        body = try await converter.getResponseBodyAsJSON(
                            Components.Schemas.Hello.self,
                            from: responseBody,
                            transforming: { value in
                                .json(value)
                            }
                        )
                    default:
                        preconditionFailure("bestContentType chose an invalid content type.")
                    }
                    return .ok(.init(body: body))
                default:
                    return .undocumented(
                        statusCode: response.status.code,
                        .init(
                            headerFields: response.headerFields,
                            body: responseBody
                        )
                    )
                }
            }
        )
    }
    /// - Remark: HTTP `GET /app/items`.
    /// - Remark: Generated from `#/paths//app/items/get(listItems)`.
    public func listItems(_ input: Operations.ListItems.Input) async throws -> Operations.ListItems.Output {
        try await client.send(
            input: input,
            forOperation: Operations.ListItems.id,
            serializer: { input in
                let path = try converter.renderedPath(
                    template: "/app/items",
                    parameters: []
                )
                var request: HTTPTypes.HTTPRequest = .init(
                    soar_path: path,
                    method: .get
                )
                suppressMutabilityWarning(&request)
                try converter.setQueryItemAsURI(
                    in: &request,
                    style: .form,
                    explode: true,
                    name: "page_size",
                    value: input.query.pageSize
                )
                try converter.setQueryItemAsURI(
                    in: &request,
                    style: .form,
                    explode: true,
                    name: "page_token",
                    value: input.query.pageToken
                )
                converter.setAcceptHeader(
                    in: &request.headerFields,
                    contentTypes: input.headers.accept
                )
                return (request, nil)
            },
            deserializer: { response, responseBody in
                switch response.status.code {
                case 200:
                    let contentType = converter.extractContentTypeIfPresent(in: response.headerFields)
                    let body: Operations.ListItems.Output.Ok.Body
                    let chosenContentType = try converter.bestContentType(
                        received: contentType,
                        options: [
                            "application/json"
                        ]
                    )
                    switch chosenContentType {
                    case "application/json":
                        body = try await converter.getResponseBodyAsJSON(
                            Components.Schemas.ItemPage.self,
                            from: responseBody,
                            transforming: { value in
                                .json(value)
                            }
                        )
                    default:
                        preconditionFailure("bestContentType chose an invalid content type.")
                    }
                    return .ok(.init(body: body))
                default:
                    return .undocumented(
                        statusCode: response.status.code,
                        .init(
                            headerFields: response.headerFields,
                            body: responseBody
                        )
                    )
                }
            }
        )
    }
    /// - Remark: HTTP `POST /app/_test/upload`.
    /// - Remark: Generated from `#/paths//app/_test/upload/post(upload)`.
    public func upload(_ input: Operations.Upload.Input) async throws -> Operations.Upload.Output {
        try await client.send(
            input: input,
            forOperation: Operations.Upload.id,
            serializer: { input in
                let path = try converter.renderedPath(
                    template: "/app/_test/upload",
                    parameters: []
                )
                var request: HTTPTypes.HTTPRequest = .init(
                    soar_path: path,
                    method: .post
                )
                suppressMutabilityWarning(&request)
                let body: OpenAPIRuntime.HTTPBody?
                switch input.body {
                case let .json(value):
                    body = try converter.setRequiredRequestBodyAsJSON(
                        value,
                        headerFields: &request.headerFields,
                        contentType: "application/json; charset=utf-8"
                    )
                }
                return (request, body)
            },
            deserializer: { response, responseBody in
                switch response.status.code {
                case 204:
                    return .noContent(.init())
                default:
                    return .undocumented(
                        statusCode: response.status.code,
                        .init(
                            headerFields: response.headerFields,
                            body: responseBody
                        )
                    )
                }
            }
        )
    }
}
