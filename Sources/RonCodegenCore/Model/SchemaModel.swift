/// Every named type of every schema document, ready to render.
public struct SchemaModel: Sendable, Equatable {
    /// The documents read, as paths relative to the schema directory, in path order.
    public var documents: [String]
    /// The named types, in document order and, within a document, in `$defs` order.
    public var types: [NamedType]
    /// Places generated in a weaker form than the schema meant, each with why and how to do
    /// better (a `$ref` to a document not at hand is kept as any JSON); the tools print them as
    /// warnings. Empty for a schema generated as written.
    public var notes: [CodegenError] = []
    /// The operations of the OpenAPI documents' `paths`, in document order.
    public var operations: [Operation] = []
    /// The security schemes of the OpenAPI documents, in document order (each names its document
    /// in its origin); the operations' ``Operation/security`` names them.
    public var securitySchemes: [SecurityScheme] = []
    /// Whether rendering reduces identical inline types to one (``mergingIdenticalInlineTypes()``);
    /// `ron-codegen.json`'s `mergeIdenticalTypes` sets it.
    public var mergesIdenticalInlineTypes = true
}
