import Foundation

/// The rules a schema of a description is read by.
public enum DescriptionDialect: Sendable, Equatable {
    /// OpenAPI 3.0's Schema Object: `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`, an
    /// `integer` written without a fraction or exponent, no `const` nor `prefixItems`, and
    /// `readOnly`/`writeOnly` deciding which members a request or an answer carries.
    case openAPI30
    /// OpenAPI 3.1 and later: JSON Schema 2020-12 (`type` lists with `"null"`, numeric
    /// `exclusiveMinimum`/`exclusiveMaximum`, `const`, `prefixItems`, `unevaluatedProperties`, …).
    case openAPI31
}

/// Which message a value travels in; OpenAPI 3.0's `readOnly` and `writeOnly` depend on it.
public enum DescriptionDirection: Sendable, Equatable {
    /// A request's body or parameter: a `readOnly` member is not sent.
    case request
    /// An answer's body or header: a `writeOnly` member is not sent.
    case response
}

/// One place where a value breaks the letter of its description.
public struct DescriptionProblem: Sendable, Equatable, CustomStringConvertible {
    /// The part of a message a problem is in.
    public enum Part: Sendable, Equatable {
        /// The body (or the value given to ``DescriptionSchemaValidator``).
        case body
        /// The header of that name.
        case header(String)
    }

    /// The part of the message the problem is in.
    public var part: Part
    /// The RFC 6901 JSON pointer of the offending value inside the part (`""` for all of it).
    public var pointer: String
    /// What the description asks for, worded to read after "expected": `a string, not null`,
    /// `one of "a", "b"`, `no member 'x' (additionalProperties: false)`.
    public var expected: String
    /// Where the rule is written: `file#pointer` of the schema keyword (or response member).
    public var schemaOrigin: String

    /// A problem.
    public init(part: Part = .body, pointer: String, expected: String, schemaOrigin: String) {
        self.part = part
        self.pointer = pointer
        self.expected = expected
        self.schemaOrigin = schemaOrigin
    }

    /// `at /items/0: expected a string, not null (api.yaml#/components/schemas/Item/type)`.
    public var description: String {
        let place: String
        switch part {
        case .body: place = pointer.isEmpty ? "the body" : pointer
        case .header(let name): place = "header \(name)" + (pointer.isEmpty ? "" : " " + pointer)
        }
        return "at \(place): expected \(expected) (\(schemaOrigin))"
    }
}

/// Judges a value against a schema of a description by the letter of the description, the way
/// openapi-core (openapi-schema-validator) does, so that what the generated Swift types tolerate
/// is still reported.
///
/// Each document is read in its own dialect (``dialect(of:)``). Formats are asserted as
/// openapi-core's default format checker does (`int32`, `int64`, `byte`, `date-time`, `date`, `time`,
/// `email`, `uuid`, `ipv4`, `ipv6`, `hostname`, `uri`, `uri-reference`, `regex`, `duration`, and the
/// rarer ones jsonschema knows; `float`, `double`, `binary`, `password` and unknown names take
/// anything). A `$ref` is followed to any document and read together with the members beside it,
/// in both dialects, as openapi-core reads them; the outermost schema given is read as it is
/// (resolve it first to drop members beside its `$ref`, as openapi-core does for a media type's
/// schema). A schema that refers to itself without consuming the value, and nesting deeper than
/// ``depthLimit``, end that branch without a problem; a keyword whose value cannot be read is
/// ignored. The discriminator is asserted as openapi-core does: a value with one is judged by the
/// schema its discriminating member names (a mapping's bare name meaning `#/components/schemas/…`).
public struct DescriptionSchemaValidator: Sendable {
    /// The documents the schemas and their references are in.
    public var documents: DescriptionDocuments
    /// Whether values are requests or answers.
    public var direction: DescriptionDirection

    /// How many schemas deep one value is judged before the branch ends without a problem.
    public static let depthLimit = 300

    /// A validator over `documents` for values travelling in `direction`.
    public init(documents: DescriptionDocuments, direction: DescriptionDirection) {
        self.documents = documents
        self.direction = direction
    }

    /// The dialect of the document at `file`: OpenAPI 3.0 for `openapi: 3.0.x` (and converted
    /// Swagger 2.0), 3.1 for `openapi: 3.1.x` or later and for a JSON Schema document declaring
    /// 2019-09 or 2020-12 in `$schema`; `nil` for a document that says neither (a part read in
    /// the dialect of the document referring to it).
    public func dialect(of file: String) -> DescriptionDialect? {
        guard let root = documents.roots[file] else { return nil }
        if let version = root.member("openapi")?.text {
            return version.hasPrefix("3.0") ? .openAPI30 : .openAPI31
        }
        if root.member("swagger") != nil { return .openAPI30 }
        if let schema = root.member("$schema")?.text, schema.contains("2020-12") || schema.contains("2019-09") {
            return .openAPI31
        }
        return nil
    }

    /// The problems of `value` against `schema`, in the order met; empty when it fits. The schema
    /// is read in `dialect`, by default its document's (else OpenAPI 3.1); a `$ref` into another
    /// document that says its own dialect switches to it.
    public func validate(
        _ value: DocumentValue, against schema: DescriptionDocuments.Located, dialect: DescriptionDialect? = nil
    ) -> [DescriptionProblem] {
        var state = Evaluation()
        return check(value, "", schema, dialect ?? self.dialect(of: schema.file) ?? .openAPI31, &state)
    }

    /// What one call of ``validate(_:against:dialect:)`` keeps while it walks.
    struct Evaluation {
        /// `schema origin|value pointer` of the schemas being judged, to stop a schema that refers
        /// to itself without consuming the value.
        var active: Set<String> = []
        var depth = 0
        /// Compiled patterns by their text (`nil` for one that does not compile).
        var patterns: [String: NSRegularExpression?] = [:]
    }

    /// The problems of `value` (at `pointer`) against `schema`, read in `dialect`.
    func check(
        _ value: DocumentValue, _ pointer: String, _ schema: DescriptionDocuments.Located,
        _ dialect: DescriptionDialect, _ state: inout Evaluation
    ) -> [DescriptionProblem] {
        switch schema.value {
        case .bool(true): return []
        case .bool(false):
            return [problem(pointer, "nothing here (the schema is false)", schema.origin)]
        case .object: break
        default: return []
        }
        let key = schema.origin + "|" + pointer
        guard state.depth < Self.depthLimit, !state.active.contains(key) else { return [] }
        state.depth += 1
        state.active.insert(key)
        defer {
            state.depth -= 1
            state.active.remove(key)
        }
        let spot = Spot(value: value, pointer: pointer, schema: schema, dialect: dialect)
        var problems: [DescriptionProblem] = []
        problems += checkReference(spot, &state)
        problems += checkType(spot)
        problems += checkEnumAndConst(spot)
        problems += checkCombinators(spot, &state)
        problems += checkNumber(spot)
        problems += checkString(spot, &state)
        problems += checkArray(spot, &state)
        problems += checkObject(spot, &state)
        problems += checkAccess(spot)
        if dialect == .openAPI31 { problems += checkUnevaluated(spot, &state) }
        return problems
    }

    /// A value, where it is, and the schema object it is judged against.
    struct Spot {
        var value: DocumentValue
        var pointer: String
        var schema: DescriptionDocuments.Located
        var dialect: DescriptionDialect

        /// The keyword `key` of the schema, located.
        func keyword(_ key: String) -> DescriptionDocuments.Located? { schema.member(key) }

        /// The pointer of the member `key` of the value.
        func pointer(_ key: String) -> String { pointer + "/" + DescriptionDocuments.escape(key) }
    }

    /// A problem of the body at `pointer`.
    func problem(_ pointer: String, _ expected: String, _ origin: String) -> DescriptionProblem {
        DescriptionProblem(pointer: pointer, expected: expected, schemaOrigin: origin)
    }

    /// Whether `value` fits `schema` (nothing is reported).
    func fits(
        _ value: DocumentValue, _ pointer: String, _ schema: DescriptionDocuments.Located,
        _ dialect: DescriptionDialect, _ state: inout Evaluation
    ) -> Bool {
        check(value, pointer, schema, dialect, &state).isEmpty
    }

    // MARK: References

    /// `$ref` (and 3.1's `$dynamicRef`, read as a plain reference): the target, in its document's
    /// dialect; a reference that names nothing is ignored.
    private func checkReference(_ spot: Spot, _ state: inout Evaluation) -> [DescriptionProblem] {
        var problems: [DescriptionProblem] = []
        for keyword in spot.dialect == .openAPI31 ? ["$ref", "$dynamicRef"] : ["$ref"] {
            guard let reference = spot.schema.value.member(keyword)?.text,
                let target = documents.referenced(reference, from: spot.schema.file)
            else { continue }
            let dialect = target.file == spot.schema.file ? spot.dialect : (dialect(of: target.file) ?? spot.dialect)
            problems += check(spot.value, spot.pointer, target, dialect, &state)
        }
        return problems
    }

    // MARK: Type, enum, const

    /// `type` (with 3.0's `nullable`).
    private func checkType(_ spot: Spot) -> [DescriptionProblem] {
        guard let type = spot.keyword("type") else { return [] }
        let names: [String]
        switch (type.value, spot.dialect) {
        case (.string(let name), _): names = [name]
        case (.array(let items), .openAPI31): names = items.compactMap(\.text)
        default: return []
        }
        let known: Set<String> =
            spot.dialect == .openAPI31
            ? ["null", "boolean", "object", "array", "number", "integer", "string"]
            : ["boolean", "object", "array", "number", "integer", "string"]
        guard !names.isEmpty, names.allSatisfy(known.contains) else { return [] }
        if spot.dialect == .openAPI30, spot.value == .null {
            if spot.schema.value.member("nullable") == .bool(true) { return [] }
            return [problem(spot.pointer, Self.typeWords(names) + ", not null", type.origin)]
        }
        if names.contains(where: { Self.isType(spot.value, $0, spot.dialect) }) { return [] }
        return [problem(spot.pointer, Self.typeWords(names) + ", not " + Self.describe(spot.value), type.origin)]
    }

    /// Whether `value` is of the JSON type `name` (an integer is a whole number in 3.1, a number
    /// written without fraction or exponent in 3.0, as openapi-core reads them).
    static func isType(_ value: DocumentValue, _ name: String, _ dialect: DescriptionDialect) -> Bool {
        switch (name, value) {
        case ("null", .null), ("boolean", .bool), ("object", .object), ("array", .array), ("number", .number),
            ("string", .string):
            return true
        case ("integer", .number(let text)):
            let number = DescriptionNumber(text)
            return number.isIntegerLiteral || (dialect == .openAPI31 && number.isWhole)
        default: return false
        }
    }

    /// `a string`, `an integer or null`.
    static func typeWords(_ names: [String]) -> String {
        let words = names.map { name -> String in
            switch name {
            case "null": return "null"
            case "integer", "object", "array": return "an " + name
            default: return "a " + name
            }
        }
        return words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// `enum` and (3.1) `const`, compared as JSON values (`1` equals `1.0`, `true` is no number,
    /// members in any order).
    private func checkEnumAndConst(_ spot: Spot) -> [DescriptionProblem] {
        var problems: [DescriptionProblem] = []
        if let list = spot.keyword("enum"), let allowed = list.value.arrayValue,
            !allowed.contains(where: { DescriptionValues.equal($0, spot.value) })
        {
            let shown = allowed.prefix(12).map(DescriptionValues.show).joined(separator: ", ")
            let words = allowed.count == 1 ? shown : "one of " + shown + (allowed.count > 12 ? ", …" : "")
            problems.append(problem(spot.pointer, words + ", not " + DescriptionValues.show(spot.value), list.origin))
        }
        if spot.dialect == .openAPI31, let constant = spot.keyword("const"),
            !DescriptionValues.equal(constant.value, spot.value)
        {
            let words = DescriptionValues.show(constant.value) + " (const), not " + DescriptionValues.show(spot.value)
            problems.append(problem(spot.pointer, words, constant.origin))
        }
        return problems
    }

    /// `null`, `true`, `the number 1.5`, `a string`, `an array`, `an object`: what a value is.
    static func describe(_ value: DocumentValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return "the number " + text
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    // MARK: readOnly, writeOnly

    /// OpenAPI 3.0: a value under `writeOnly: true` in an answer, or under `readOnly: true` in a
    /// request (openapi-core's read and write validators).
    private func checkAccess(_ spot: Spot) -> [DescriptionProblem] {
        guard spot.dialect == .openAPI30 else { return [] }
        let keyword = direction == .response ? "writeOnly" : "readOnly"
        guard let flag = spot.keyword(keyword), DescriptionValues.truthy(flag.value) else { return [] }
        let message = direction == .response ? "answers leave it out" : "requests leave it out"
        return [problem(spot.pointer, "nothing here (\(keyword): true, so \(message))", flag.origin)]
    }
}
