import Foundation
import RonAppSdkSwift
import RonCodegenCore
import RonCommandLine

/// The type an answer is checked against: its name as reports show it, and the generator's model
/// of it when drift reads a schema folder.
struct AnswerType: Equatable {
    var spelling: String
    var model: TypeReference?
}

/// One place where an answer is not what the description says.
struct DescribedProblem: Equatable {
    var pointer: String
    var expected: String
    /// What came, when the judge says it better than the value at the pointer (a status, a type).
    var got: String?
}

/// What `ron drift` checks answers against: the generated types built into `ron` (the package's
/// own schema), or the model of a schema folder read at run time (a user's own `Schema/`).
enum DriftTypes {
    /// The generated types compiled into `ron`; `strict` also reports members the schema does not
    /// declare.
    case compiled(strict: Bool)
    /// A schema folder's operations and types, checked at JSON level.
    case schema(DriftSchema)

    /// The types of the schema folder `schema` read at run time, or those compiled into `ron`
    /// without one; `strict` also reports members the schema does not declare.
    static func load(schema: String?, strict: Bool) throws -> DriftTypes {
        guard let schema else { return .compiled(strict: strict) }
        return .schema(try DriftSchema(directory: URL(fileURLWithPath: schema, isDirectory: true), strict: strict))
    }

    /// The security schemes the operations name (none for the compiled App Plane schema).
    var securitySchemes: [RonSecurityScheme] {
        switch self {
        case .compiled: []
        case .schema(let schema): schema.securitySchemes
        }
    }

    /// The operations to call, in document order.
    var targets: [DriftTarget] {
        switch self {
        case .compiled: RonOperationCatalog.operations.map(DriftTarget.init(compiled:))
        case .schema(let schema): schema.targets
        }
    }

    /// The documents of the schema folder (`nil` for the compiled schema).
    var documents: DescriptionDocuments? {
        switch self {
        case .compiled: nil
        case .schema(let schema): schema.documents
        }
    }

    /// The type of `target`'s answer with `status` and `contentType`, or `nil` when it has none.
    func answerType(of target: DriftTarget, status: Int, contentType: String?) -> AnswerType? {
        switch self {
        case .compiled:
            return target.info.responseType.map { AnswerType(spelling: $0, model: nil) }
        case .schema(let schema):
            return schema.answerType(of: target, status: status, contentType: contentType).map {
                AnswerType(spelling: DriftSchema.spelling($0), model: $0)
            }
        }
    }

    /// Where an answer breaks the description (`nil` when there is no description to read: the
    /// schema compiled into `ron`).
    func describe(_ body: Data, of operationId: String, status: Int, contentType: String?, headers: [String: String])
        -> [DescribedProblem]?
    {
        switch self {
        case .compiled: nil
        case .schema(let schema):
            schema.describe(body, of: operationId, status: status, contentType: contentType, headers: headers)
        }
    }

    /// Whether `body` is what `type` reads and writes back: every place where it is not.
    func check(_ body: Data, of operation: RonOperationInfo, as type: AnswerType) -> DriftVerdict {
        switch self {
        case .compiled(let strict):
            do {
                guard try RonSchemaCatalog.reencode(body, as: type.spelling) != nil else { return .unknownType }
            } catch {
                // The generated decoder stops at the first value it refuses.
                let (pointer, expected) = DriftDescription.location(of: error)
                return .drift([DriftProblem(pointer: pointer, expected: expected)])
            }
            // It decodes; the fixtures' comparison says where a round trip does not keep it whole.
            let differences = RonFixtures.differences(
                of: body, as: type.spelling, catalog: RonSchemaCatalog.self, strict: strict)
            guard !differences.isEmpty else { return .ok }
            return .drift(
                differences.map { difference in
                    DriftProblem(
                        pointer: difference.pointer,
                        expected: difference.message.hasSuffix("(strict)")
                            ? "no member the schema of \(type.spelling) does not declare (strict)"
                            : "the same value after a round trip through \(type.spelling) (\(difference.message))")
                })
        case .schema(let schema):
            guard let model = type.model else { return .unknownType }
            return schema.check(body, as: model)
        }
    }
}

/// One place where an answer is not what the schema says.
struct DriftProblem: Equatable {
    /// Where in the answer (RFC 6901, `""` for the whole answer).
    var pointer: String
    /// What the schema says belongs there, in words that read after "expected".
    var expected: String
}

/// The outcome of checking one answer.
enum DriftVerdict: Equatable {
    case ok
    /// The schema has no type of the name the operation answers.
    case unknownType
    /// The answer is not what the schema says: every problem found, in the order met.
    case drift([DriftProblem])
}

/// The operations and types of a schema folder (OpenAPI and Swagger documents and the type
/// documents they refer to), read with the code generator's model and beside it the documents as
/// written, for `ron drift --schema DIR`.
struct DriftSchema {
    /// The operations, as drift calls them.
    let targets: [DriftTarget]
    /// The security schemes of its documents, as the client takes them.
    let securitySchemes: [RonSecurityScheme]
    /// The documents as the generator read them.
    let documents: DescriptionDocuments
    private let operations: [String: RonCodegenCore.Operation]
    private let validator: FixtureValidator
    private let judge: DescriptionJudge

    /// Reads the documents below `directory`; a document the generator refuses is a usage error
    /// naming the file and the JSON pointer. With `strict`, a member the schema does not declare is
    /// drift even where the generated type would keep it.
    init(directory: URL, strict: Bool = false) throws {
        let model: SchemaModel
        do {
            model = try CodeGenerator().model(schemaDirectory: directory)
            documents = try DescriptionDocuments(schemaDirectory: directory)
        } catch let error as CodegenError {
            throw UsageError("the schema in \(directory.path) cannot be read: \(error)")
        }
        guard !model.operations.isEmpty else {
            throw UsageError(
                "the schema in \(directory.path) has no operations (no OpenAPI document with 'paths')")
        }
        var operations: [String: RonCodegenCore.Operation] = [:]
        let documents = self.documents
        targets = model.operations.map { operation in
            operations[operation.operationId] = operation
            var type: TypeReference?
            var stream = false
            switch operation.result {
            case .single(.json(let json)): type = json
            case .eventStream(let json):
                type = json
                stream = true
            default: break
            }
            var examples: [String: String] = [:]
            for parameter in operation.parameters {
                if let example = parameter.example, let text = DriftTarget.text(example) {
                    examples[parameter.name] = text
                }
            }
            var info = RonOperationInfo(
                operationId: operation.operationId, method: operation.method, path: operation.path,
                responseType: type.map(Self.spelling), eventStream: stream,
                origin: operation.origin.description,
                parameters: Dictionary(
                    operation.parameters.map { ($0.name, $0.location.rawValue) },
                    uniquingKeysWith: { first, _ in first }),
                requiredParameters: operation.parameters.filter(\.required).map(\.name), examples: examples,
                serverPath: operation.serverPath)
            info.security = operation.clientSecurity(model.securitySchemes)
            return DriftTarget(operation, info: info, documents: documents)
        }
        self.operations = operations
        securitySchemes = model.securitySchemes.map(\.clientScheme)
        validator = FixtureValidator(model: model, strict: strict)
        judge = DescriptionJudge(documents: documents)
    }

    /// The JSON type of `target`'s answer with `status` and `contentType`: the operation's one
    /// answer, or of several the one documented for that status and media type.
    func answerType(of target: DriftTarget, status: Int, contentType: String?) -> TypeReference? {
        guard let operation = target.operation else { return nil }
        switch operation.result {
        case .single(.json(let type)), .eventStream(let type): return type
        case .several(let alternatives):
            let media = contentType?.split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            let code = String(status)
            let candidates = alternatives.filter { alternative in
                alternative.status == code
                    || (alternative.status.count == 3 && alternative.status.uppercased().hasSuffix("XX")
                        && alternative.status.first == code.first)
            }
            let chosen =
                candidates.first { $0.contentType?.lowercased() == media } ?? candidates.first
            if case .json(let type)? = chosen?.payload { return type }
            return nil
        default: return nil
        }
    }

    /// Checks `body` against `type`: every value the generated decoder would refuse, and every
    /// member a round trip through the generated type would lose.
    func check(_ body: Data, as type: TypeReference) -> DriftVerdict {
        let value: DocumentValue
        do {
            value = try SchemaDocumentReader.parse(body, path: "answer.json")
        } catch {
            return .drift([DriftProblem(pointer: "", expected: "JSON (\(error.message))")])
        }
        let problems = validator.problems(of: value, asType: type)
        guard !problems.isEmpty else { return .ok }
        return .drift(problems.map { DriftProblem(pointer: $0.pointer, expected: $0.expected) })
    }

    /// Where the answer breaks the description: status, content type, headers, body.
    func describe(_ body: Data, of operationId: String, status: Int, contentType: String?, headers: [String: String])
        -> [DescribedProblem]
    {
        guard let operation = operations[operationId] else { return [] }
        return judge.problems(
            of: operation, status: status, contentType: contentType, headers: headers, body: body)
    }

    /// A short name of a type for the report (`Gadget`, `Page<Gadget>`, `[Gadget]`, `Bool`).
    static func spelling(_ type: TypeReference) -> String {
        switch type {
        case .named(let name, let arguments):
            arguments.isEmpty ? name : "\(name)<\(arguments.map(spelling).joined(separator: ", "))>"
        case .array(let element): "[\(spelling(element))]"
        case .map(let element): "[String: \(spelling(element))]"
        case .typeParameter(let name): name
        case .json: "JSONValue"
        case .timestamp: "Date"
        case .bigInteger: "JSONInteger"
        case .bytes: "Data"
        case .int64: "Int64"
        case .uint64: "UInt64"
        default: "\(type)".prefix(1).uppercased() + "\(type)".dropFirst()
        }
    }
}
