/// Every named type of every schema document, ready to render.
public struct SchemaModel: Sendable, Equatable {
    /// The documents read, as paths relative to the schema directory, in path order.
    public var documents: [String]
    /// The named types, in document order and, within a document, in `$defs` order.
    public var types: [NamedType]
    /// The operations of the OpenAPI documents' `paths`, in document order.
    public var operations: [Operation] = []
}
