import Testing

/// One value against one schema of an OpenAPI document, and whether openapi-core takes it: the
/// table ``DescriptionValidatorTests`` checks the validator against and
/// ``DescriptionValidatorAgreementTests`` checks openapi-core against.
struct DescriptionCase: Sendable, CustomTestStringConvertible {
    /// `3.0.3` or `3.1.0`.
    var version: String
    /// The schema, as JSON text (at `#/components/schemas/Subject`).
    var schema: String
    /// The body, as JSON text.
    var value: String
    /// Whether the value fits.
    var fits: Bool
    /// More schemas of `components/schemas`, as JSON members (`"X": {…}`).
    var components: String = ""

    var testDescription: String { "\(version) \(schema) ← \(value)" }
}

extension DescriptionCase {
    /// A case of OpenAPI 3.0.
    static func v30(_ schema: String, _ value: String, _ fits: Bool, _ components: String = "") -> Self {
        Self(version: "3.0.3", schema: schema, value: value, fits: fits, components: components)
    }

    /// A case of OpenAPI 3.1.
    static func v31(_ schema: String, _ value: String, _ fits: Bool, _ components: String = "") -> Self {
        Self(version: "3.1.0", schema: schema, value: value, fits: fits, components: components)
    }

    static let named = #""Named": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}"#
    static let tree =
        ##""Tree": {"type": "object", "properties": {"n": {"type": "integer"}, "kids": {"type": "array", "items": {"$ref": "#/components/schemas/Tree"}}}}"##
    static let pets =
        #""Cat": {"type": "object", "required": ["kind", "claws"], "properties": {"kind": {"type": "string"}, "claws": {"type": "integer"}}}, "Dog": {"type": "object", "required": ["kind", "bark"], "properties": {"kind": {"type": "string"}, "bark": {"type": "string"}}}"#

    /// Every keyword in both dialects, with the values that fit and those that do not.
    static let all: [DescriptionCase] = [
        // type
        .v30(#"{"type": "string"}"#, #""a""#, true), .v30(#"{"type": "string"}"#, "5", false),
        .v30(#"{"type": "integer"}"#, "5", true), .v30(#"{"type": "integer"}"#, "5.0", false),
        .v31(#"{"type": "integer"}"#, "5.0", true), .v31(#"{"type": "integer"}"#, "5.5", false),
        .v30(#"{"type": "number"}"#, "true", false), .v30(#"{"type": "boolean"}"#, "0", false),
        .v30(#"{"type": "array"}"#, "{}", false), .v30(#"{"type": "object"}"#, "[]", false),
        .v31(#"{"type": ["string", "integer"]}"#, "3", true), .v31(#"{"type": ["string", "integer"]}"#, "[]", false),
        // nullable
        .v30(#"{"type": "string"}"#, "null", false), .v30(#"{"type": "string", "nullable": true}"#, "null", true),
        .v30(##"{"nullable": true, "allOf": [{"$ref": "#/components/schemas/Named"}]}"##, "null", false, named),
        .v30(#"{"type": "string", "nullable": true, "enum": ["a"]}"#, "null", false),
        .v31(#"{"type": ["string", "null"]}"#, "null", true), .v31(#"{"type": "string"}"#, "null", false),
        .v31(#"{"type": "string", "nullable": true}"#, "null", false),
        // enum, const
        .v30(#"{"enum": ["a", "b"]}"#, #""b""#, true), .v30(#"{"enum": ["a", "b"]}"#, #""c""#, false),
        .v30(#"{"enum": [1, 2]}"#, "1.0", true), .v30(#"{"enum": [1]}"#, "true", false),
        .v30(#"{"enum": [{"a": 1, "b": [2]}]}"#, #"{"b": [2], "a": 1}"#, true),
        .v31(#"{"const": "a"}"#, #""a""#, true), .v31(#"{"const": "a"}"#, #""b""#, false),
        // numbers
        .v30(#"{"minimum": 5}"#, "5", true), .v30(#"{"minimum": 5}"#, "4.9", false),
        .v30(#"{"minimum": 5, "exclusiveMinimum": true}"#, "5", false),
        .v30(#"{"maximum": 5, "exclusiveMaximum": true}"#, "4", true),
        .v30(#"{"maximum": 5, "exclusiveMaximum": true}"#, "5", false),
        .v31(#"{"exclusiveMinimum": 5}"#, "5", false), .v31(#"{"exclusiveMinimum": 5}"#, "5.01", true),
        .v31(#"{"exclusiveMaximum": 5}"#, "5", false), .v31(#"{"maximum": 5}"#, "5", true),
        .v30(#"{"multipleOf": 5}"#, "15", true), .v30(#"{"multipleOf": 5}"#, "16", false),
        .v30(#"{"multipleOf": 2.5}"#, "7.5", true), .v30(#"{"multipleOf": 0.1}"#, "0.3", false),
        .v30(#"{"multipleOf": 0.5}"#, "3", true),
        // strings
        .v30(#"{"minLength": 2}"#, #""é""#, false), .v30(#"{"maxLength": 1}"#, #""😀""#, true),
        .v30(#"{"maxLength": 3}"#, #""abcd""#, false), .v30(#"{"minLength": 2}"#, "5", true),
        .v30(#"{"pattern": "b+"}"#, #""abbc""#, true), .v30(#"{"pattern": "^b"}"#, #""ab""#, false),
        .v30(#"{"pattern": "^\\d{3}$"}"#, #""123""#, true),
        // arrays
        .v30(#"{"items": {"type": "integer"}}"#, "[1, 2]", true),
        .v30(#"{"items": {"type": "integer"}}"#, #"[1, "2"]"#, false),
        .v30(#"{"minItems": 2}"#, "[1]", false), .v30(#"{"maxItems": 1}"#, "[1, 2]", false),
        .v30(#"{"uniqueItems": true}"#, "[1, 1.0]", false), .v30(#"{"uniqueItems": true}"#, "[1, true]", true),
        .v30(#"{"uniqueItems": true}"#, #"[{"a": 1, "b": 2}, {"b": 2, "a": 1}]"#, false),
        .v31(#"{"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}"#, #"["a", 1, 2]"#, true),
        .v31(#"{"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}"#, #"[1]"#, false),
        .v31(#"{"prefixItems": [{"type": "string"}], "items": false}"#, #"["a", 1]"#, false),
        .v31(#"{"contains": {"type": "integer"}, "minContains": 2}"#, #"[1, "a"]"#, false),
        .v31(#"{"contains": {"type": "integer"}, "maxContains": 1}"#, #"[1, "a"]"#, true),
        // objects
        .v30(#"{"required": ["a"]}"#, #"{"a": null}"#, true), .v30(#"{"required": ["a"]}"#, #"{"b": 1}"#, false),
        .v30(#"{"properties": {"a": {"type": "string"}}}"#, #"{"a": 1}"#, false),
        .v30(
            #"{"properties": {"a": {"type": "string"}}, "additionalProperties": false}"#, #"{"a": "x", "b": 1}"#, false),
        .v30(#"{"additionalProperties": {"type": "integer"}}"#, #"{"a": 1, "b": "x"}"#, false),
        .v31(
            #"{"additionalProperties": false, "patternProperties": {"^x": {"type": "integer"}}}"#, #"{"xa": "s"}"#,
            false),
        .v31(
            #"{"additionalProperties": false, "patternProperties": {"^x": {"type": "integer"}}}"#, #"{"y": 1}"#, false),
        .v30(#"{"minProperties": 1}"#, "{}", false), .v30(#"{"maxProperties": 1}"#, #"{"a": 1, "b": 2}"#, false),
        .v31(#"{"propertyNames": {"maxLength": 2}}"#, #"{"abc": 1}"#, false),
        .v31(#"{"dependentRequired": {"a": ["b"]}}"#, #"{"a": 1}"#, false),
        .v31(#"{"dependentSchemas": {"a": {"required": ["b"]}}}"#, #"{"a": 1, "b": 2}"#, true),
        .v31(#"{"properties": {"a": {}}, "unevaluatedProperties": false}"#, #"{"a": 1, "b": 2}"#, false),
        .v31(
            #"{"allOf": [{"properties": {"b": {}}}], "properties": {"a": {}}, "unevaluatedProperties": false}"#,
            #"{"a": 1, "b": 2}"#, true),
        // readOnly / writeOnly (answers)
        .v30(#"{"required": ["p"], "properties": {"p": {"type": "string", "writeOnly": true}}}"#, "{}", true),
        .v30(#"{"properties": {"p": {"type": "string", "writeOnly": true}}}"#, #"{"p": "x"}"#, false),
        .v30(#"{"required": ["p"], "properties": {"p": {"type": "string", "readOnly": true}}}"#, "{}", false),
        .v31(#"{"required": ["p"], "properties": {"p": {"type": "string", "writeOnly": true}}}"#, "{}", false),
        // combinators
        .v30(#"{"allOf": [{"type": "integer"}, {"minimum": 3}]}"#, "2", false),
        .v30(#"{"anyOf": [{"type": "integer"}, {"type": "string"}]}"#, "true", false),
        .v30(#"{"anyOf": [{"type": "integer"}, {"type": "string"}]}"#, #""a""#, true),
        .v30(#"{"oneOf": [{"type": "integer"}, {"type": "number"}]}"#, "1", false),
        .v30(#"{"oneOf": [{"type": "integer"}, {"type": "number"}]}"#, "1.5", true),
        .v30(#"{"not": {"type": "string"}}"#, #""a""#, false), .v30(#"{"not": {"type": "string"}}"#, "1", true),
        .v31(#"{"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"minimum": 5}}"#, "4", false),
        .v31(#"{"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"minimum": 5}}"#, #""ab""#, true),
        // discriminator
        .v30(
            ##"{"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}], "discriminator": {"propertyName": "kind"}}"##,
            #"{"kind": "Cat", "claws": 3}"#, true, pets),
        .v30(
            ##"{"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}], "discriminator": {"propertyName": "kind"}}"##,
            #"{"kind": "Dog", "claws": 3}"#, false, pets),
        .v30(
            ##"{"oneOf": [{"$ref": "#/components/schemas/Cat"}], "discriminator": {"propertyName": "kind", "mapping": {"c": "#/components/schemas/Cat"}}}"##,
            #"{"kind": "c", "claws": 1}"#, true, pets),
        .v30(
            ##"{"oneOf": [{"$ref": "#/components/schemas/Cat"}], "discriminator": {"propertyName": "kind"}}"##,
            #"{"claws": 1}"#, false, pets),
        // $ref, siblings, recursion
        .v30(
            ##"{"properties": {"p": {"$ref": "#/components/schemas/Named", "maxProperties": 1}}}"##,
            #"{"p": {"name": "a", "b": 1}}"#, false, named),
        .v31(##"{"$ref": "#/components/schemas/Named", "maxProperties": 1}"##, #"{"name": "a", "b": 1}"#, true, named),
        .v30(
            ##"{"$ref": "#/components/schemas/Tree"}"##, #"{"n": 1, "kids": [{"n": 2, "kids": [{"n": 3}]}]}"#, true,
            tree),
        .v30(
            ##"{"$ref": "#/components/schemas/Tree"}"##, #"{"n": 1, "kids": [{"n": 2, "kids": [{"n": "x"}]}]}"#, false,
            tree),
        // formats
        .v30(#"{"type": "integer", "format": "int32"}"#, "2147483647", true),
        .v30(#"{"type": "integer", "format": "int32"}"#, "2147483648", false),
        .v30(#"{"type": "integer", "format": "int64"}"#, "-9223372036854775809", false),
        .v30(#"{"type": "number", "format": "int32"}"#, "1e20", true),
        .v30(#"{"type": "string", "format": "date-time"}"#, #""2024-02-29T23:59:59.5+01:00""#, true),
        .v30(#"{"type": "string", "format": "date-time"}"#, #""2023-02-29T00:00:00Z""#, false),
        .v31(#"{"type": "string", "format": "date-time"}"#, #""2024-01-01 00:00:00Z""#, false),
        .v30(#"{"type": "string", "format": "date"}"#, #""2024-13-01""#, false),
        .v30(#"{"type": "string", "format": "time"}"#, #""7:05:00""#, true),
        .v30(#"{"type": "string", "format": "time"}"#, #""12:00:00Z""#, false),
        .v30(#"{"type": "string", "format": "uuid"}"#, #""123e4567-e89b-12d3-a456-426614174000""#, true),
        .v30(#"{"type": "string", "format": "uuid"}"#, #""123e4567e89b12d3a456426614174000""#, false),
        .v30(#"{"type": "string", "format": "byte"}"#, #""aGk=""#, true),
        .v30(#"{"type": "string", "format": "byte"}"#, #""aGk""#, false),
        .v30(#"{"type": "string", "format": "email"}"#, #""nobody""#, false),
        .v30(#"{"type": "string", "format": "ipv4"}"#, #""10.0.0.256""#, false),
        .v30(#"{"type": "string", "format": "ipv6"}"#, #""fe80::1:2""#, true),
        .v30(#"{"type": "string", "format": "hostname"}"#, #""-bad.example""#, false),
        .v30(#"{"type": "string", "format": "uri"}"#, #""https://example.com/a?b#c""#, true),
        .v30(#"{"type": "string", "format": "uri"}"#, #""/relative""#, false),
        .v30(#"{"type": "string", "format": "uri-reference"}"#, #""/relative""#, true),
        .v31(#"{"type": "string", "format": "duration"}"#, #""P1DT2H""#, true),
        .v31(#"{"type": "string", "format": "duration"}"#, #""P1H""#, false),
        .v30(#"{"type": "string", "format": "binary"}"#, #""anything""#, true),
        .v30(#"{"type": "string", "format": "made-up"}"#, #""anything""#, true),
    ]
}
