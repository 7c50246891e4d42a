import Foundation

/// The synthetic schema of ``CodegenSection/syntheticSchema(types:)`` as an OpenAPI 3.1 document, for
/// swift-openapi-generator: the same types, properties and references. OpenAPI has no u64 or
/// "i64 as a string", so those are `int64` and `string`, as in `Benchmarks/OpenAPI/openapi.yaml`.
enum SyntheticOpenAPI {
    static func document(types: Int) -> String {
        var schemas: [String] = []
        for index in 0..<types {
            let name = "Synthetic\(index)"
            if index % 10 == 9 {
                schemas.append(
                    #""\#(name)": {"type": "string", "description": "Enum \#(index).", "enum": ["alpha", "beta", "gamma_delta"]}"#
                )
                continue
            }
            var properties = [
                #""id": {"type": "string", "description": "Id."}"#,
                #""size_bytes": {"type": "integer", "format": "int64", "description": "Size."}"#,
                #""revision": {"type": "string", "description": "Revision."}"#,
                #""created_at": {"type": "string", "format": "date-time", "description": "Created."}"#,
                #""digest": {"type": "string", "contentEncoding": "base64", "description": "Digest."}"#,
                #""labels": {"type": "array", "items": {"type": "string"}, "description": "Labels."}"#,
            ]
            if index > 0 {
                properties.append(
                    ##""previous": {"$ref": "#/components/schemas/Synthetic\##(index - 1)", "description": "Link."}"##)
            }
            schemas.append(
                #""\#(name)": {"type": "object", "description": "Type \#(index).", "properties": {\#(properties.joined(separator: ", "))}, "required": ["id", "size_bytes"]}"#
            )
        }
        return
            #"{"openapi": "3.1.0", "info": {"title": "Synthetic", "version": "1.0.0"}, "paths": {}, "components": {"schemas": {"#
            + schemas.joined(separator: ",\n") + "}}}"
    }

    /// The command that generates the types of `document` into `output` (`Types*.swift`), with the
    /// settings of `Benchmarks/OpenAPI/openapi-generator-config.yaml`.
    static func generateCommand(_ generator: String, _ document: URL, _ output: URL) -> [String] {
        [
            generator, "generate", document.path, "--mode", "types", "--access-modifier", "public",
            "--naming-strategy", "idiomatic", "--output-directory", output.path,
        ]
    }
}
