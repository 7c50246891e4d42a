import Foundation
import RonAppSdkSwift
import RonCodegenCore

/// One operation as drift calls it: the catalog's description, its parameters with what the
/// description says of each, and its JSON request body's schema (for `--unsafe`).
struct DriftTarget {
    /// One parameter.
    struct Parameter {
        var name: String
        /// `path`, `query`, `header` or `cookie`.
        var location: String
        var required: Bool
        /// A path parameter that may span several segments.
        var tail = false
        /// The description's example, as sent.
        var example: String?
        /// The parameter's schema in its document, when drift reads the description.
        var schema: DescriptionDocuments.Located?
    }

    var info: RonOperationInfo
    var parameters: [Parameter]
    /// The operation in the generator's model (`nil` for the schema compiled into `ron`).
    var operation: RonCodegenCore.Operation?
    /// The schema of a JSON request body, and its media type.
    var bodySchema: DescriptionDocuments.Located?
    var bodyContentType: String?
    /// Whether the operation sends a body it requires.
    var bodyRequired = false
    /// The media type of a required body drift does not make (multipart, a form, bytes), or `nil`.
    var unsupportedBody: String?

    var operationId: String { info.operationId }
    var method: String { info.method }
    var isSafe: Bool { info.isSafe }

    /// A read that is a POST: a path that ends in a search word (`/flows/filter`), or an operation
    /// id that names one (`searchItems`, `query_events`).
    var isSearch: Bool {
        guard method == "POST" else { return false }
        let last = info.path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        if AnswerValues.searchWords.contains(last) { return true }
        let id = operationId.lowercased()
        return ["search", "filter", "query", "paginate"].contains { id.hasPrefix($0) || id.hasSuffix($0) }
    }

    /// The collection path a POST creates in, or `nil` (a POST whose path ends in a parameter or
    /// a search word creates nothing drift can follow).
    var createsIn: String? {
        guard method == "POST", !isSearch, let last = info.path.split(separator: "/").last, !last.hasPrefix("{")
        else { return nil }
        return AnswerValues.collection(of: info.path)
    }

    /// The target of an operation of the schema compiled into `ron` (no description to read).
    init(compiled info: RonOperationInfo) {
        self.info = info
        parameters = info.parameters.sorted { $0.key < $1.key }.map { name, location in
            Parameter(
                name: name, location: location, required: info.requiredParameters.contains(name),
                example: info.examples[name])
        }
    }

    /// The target of `operation`, read with its description's documents.
    init(_ operation: RonCodegenCore.Operation, info: RonOperationInfo, documents: DescriptionDocuments) {
        self.info = info
        self.operation = operation
        let node = documents.value(file: operation.origin.file, pointer: operation.origin.pointer).map(
            documents.resolve)
        let parent = operation.origin.pointer.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        let item = documents.value(file: operation.origin.file, pointer: parent)
        var seen: Set<String> = []
        parameters = operation.parameters.filter { seen.insert($0.name).inserted }.map { parameter in
            Parameter(
                name: parameter.name, location: parameter.location.rawValue, required: parameter.required,
                tail: parameter.pathTail, example: parameter.example.flatMap(Self.text),
                schema: Self.parameterSchema(
                    parameter.name, parameter.location.rawValue, owners: [node, item].compactMap { $0 },
                    documents: documents))
        }
        if let body = operation.requestBody, body.required, !body.contentType.lowercased().contains("json") {
            unsupportedBody = body.contentType
        }
        if let body = operation.requestBody, body.contentType.lowercased().contains("json"),
            let content = node?.member("requestBody").map(documents.resolve)?.member("content"),
            let media = content.member(body.contentType)
        {
            bodySchema = media.member("schema")
            bodyContentType = body.contentType
            bodyRequired = body.required
        }
    }

    /// A parameter's value as the text sent on the wire.
    static func text(_ value: DocumentValue) -> String? {
        switch value {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    private static func parameterSchema(
        _ name: String, _ location: String, owners: [DescriptionDocuments.Located], documents: DescriptionDocuments
    ) -> DescriptionDocuments.Located? {
        for owner in owners {
            guard let list = owner.member("parameters"), case .array(let items) = list.value else { continue }
            for index in items.indices {
                guard let entry = list.element(index).map(documents.resolve) else { continue }
                if entry.value.member("name")?.text == name, entry.value.member("in")?.text == location {
                    return entry.member("schema") ?? entry
                }
            }
        }
        return nil
    }
}

/// Where drift finds each parameter's value, in this order: the user's values (a values file and
/// `--value`), the description's example and default, earlier answers, and a value made up from
/// the schema where any value of its type will do (never for an identifier in the path).
struct ParameterResolver {
    var values: DriftValues
    var answers = AnswerValues()
    var documents: DescriptionDocuments?

    /// The values of `parameter` and where they came from, or `nil`.
    func value(for parameter: DriftTarget.Parameter, of target: DriftTarget, chosen: [String: String])
        -> ([String], String)?
    {
        candidates(for: parameter, of: target, chosen: chosen).first.map { ($0.values, $0.source) }
    }

    /// One value a parameter may take; `strong` when it comes from the user, the description, or an
    /// item of the very collection the parameter names (not a member that only shares its name).
    struct Candidate {
        var values: [String]
        var source: String
        var strong: Bool
    }

    /// Every value `parameter` may take, best first (one for all but path parameters found in answers).
    func candidates(for parameter: DriftTarget.Parameter, of target: DriftTarget, chosen: [String: String])
        -> [Candidate]
    {
        if let (given, source) = values.value(parameter.name, of: target.operationId) {
            return [Candidate(values: given, source: source, strong: true)]
        }
        if let example = parameter.example { return [Candidate(values: [example], source: "example", strong: true)] }
        let schema = parameter.schema.flatMap { documents?.resolve($0) }
        if let fallback = schema?.value.member("default").flatMap(DriftTarget.text) {
            return [Candidate(values: [fallback], source: "default", strong: true)]
        }
        guard parameter.required else { return [] }
        if parameter.location == "path" {
            let found = answers.pathValues(parameter.name, in: target.info.path, chosen: chosen)
            if !found.isEmpty {
                return found.map { Candidate(values: [$0.found.text], source: $0.found.source, strong: $0.strong) }
            }
        } else if let found = answers.memberValue(parameter.name) {
            return [Candidate(values: [found.text], source: found.source, strong: false)]
        }
        if let schema, let made = ParameterSynthesis.text(for: schema, identifier: parameter.location == "path") {
            return [Candidate(values: [made], source: "made up", strong: false)]
        }
        return []
    }

    /// Why `names` have no value, and where one could come from.
    func explanation(for names: [String], of target: DriftTarget) -> String {
        let spelled = names.map { name in
            target.parameters.first { $0.name == name }?.location == "path" ? "{\(name)}" : name
        }
        let first = names.first ?? "id"
        let collection = AnswerValues.collection(
            of: String(
                target.info.path.prefix(
                    upTo: target.info.path.range(of: "{\(first)}")?.lowerBound
                        ?? target.info.path.endIndex)))
        return "no value for \(spelled.joined(separator: ", ")): no example or default in the description, "
            + "and no answer so far listed \(collection) or had a member '\(first)'; give one in "
            + "\(DriftValues.fileName) ({\"parameters\": {\"\(first)\": ...}}) or with --value \(first)=..."
    }
}

/// A parameter value made up from its schema where any value of the type is a fair call: an
/// enum's first value, a boolean, a number in range, a date, a string of the right length; for
/// a path parameter only a closed set (an identifier made up names nothing).
enum ParameterSynthesis {
    static func text(for schema: DescriptionDocuments.Located, identifier: Bool) -> String? {
        let node = schema.value
        if let constant = node.member("const").flatMap(DriftTarget.text) { return constant }
        if case .array(let values)? = node.member("enum"), let first = values.compactMap(DriftTarget.text).first {
            return first
        }
        let type: String? =
            switch node.member("type") {
            case .string(let text)?: text
            case .array(let kinds)?: kinds.compactMap(\.text).first { $0 != "null" }
            default: nil
            }
        if type == "boolean" { return "false" }
        if identifier { return nil }
        switch type {
        case "integer", "number":
            let low = node.member("minimum")?.numberValue ?? 1
            let high = node.member("maximum")?.numberValue ?? .infinity
            let value = min(max(low, 1), high)
            return value.rounded() == value ? String(Int(value)) : String(value)
        case "array":
            return schema.member("items").flatMap { text(for: $0, identifier: false) }
        case "string", nil:
            switch node.member("format")?.text {
            case "date-time": return "2026-01-01T00:00:00Z"
            case "date": return "2026-01-01"
            case "uuid": return "00000000-0000-4000-8000-000000000000"
            default:
                let length = Int(node.member("minLength")?.numberValue ?? 1)
                return String(repeating: "a", count: max(length, 1))
            }
        default: return nil
        }
    }
}
