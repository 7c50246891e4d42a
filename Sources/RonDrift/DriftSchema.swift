import Foundation
import RonAppSdkSwift
import RonCodegenCore
import RonCommandLine

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
    var operations: [RonOperationInfo] {
        switch self {
        case .compiled: RonOperationCatalog.operations
        case .schema(let schema): schema.operations
        }
    }

    /// Whether `body`, the answer of `operation` (or with `element`, one item of that answer, a
    /// list), is what the schema says: every place where it is not.
    func check(_ body: Data, of operation: RonOperationInfo, as type: String, element: Bool = false) -> DriftVerdict {
        switch self {
        case .compiled(let strict):
            do {
                guard try RonSchemaCatalog.reencode(body, as: type) != nil else { return .unknownType }
            } catch {
                // The generated decoder stops at the first value it refuses.
                let (pointer, expected) = DriftDescription.location(of: error)
                return .drift([DriftProblem(pointer: pointer, expected: expected)])
            }
            // It decodes; the fixtures' comparison says where a round trip does not keep it whole.
            let differences = RonFixtures.differences(
                of: body, as: type, catalog: RonSchemaCatalog.self, strict: strict)
            guard !differences.isEmpty else { return .ok }
            return .drift(
                differences.map { difference in
                    DriftProblem(
                        pointer: difference.pointer,
                        expected: difference.message.hasSuffix("(strict)")
                            ? "no member the schema of \(type) does not declare (strict)"
                            : "the same value after a round trip through \(type) (\(difference.message))")
                })
        case .schema(let schema):
            return schema.check(body, of: operation.operationId, element: element)
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

/// The operations and types of a schema folder (OpenAPI 3.1 documents and the type documents they
/// refer to), read with the code generator's model, for `ron drift --schema DIR`.
struct DriftSchema {
    /// The operations, described as the generated catalog describes them.
    let operations: [RonOperationInfo]
    /// The security schemes of its documents, as the client takes them.
    let securitySchemes: [RonSecurityScheme]
    private let answerTypes: [String: TypeReference]
    private let validator: FixtureValidator

    /// Reads the documents below `directory`; a document the generator refuses is a usage error
    /// naming the file and the JSON pointer. With `strict`, a member the schema does not declare is
    /// drift even where the generated type would keep it.
    init(directory: URL, strict: Bool = false) throws {
        let model: SchemaModel
        do {
            model = try CodeGenerator().model(schemaDirectory: directory)
        } catch let error as CodegenError {
            throw UsageError("the schema in \(directory.path) cannot be read: \(error)")
        }
        guard !model.operations.isEmpty else {
            throw UsageError(
                "the schema in \(directory.path) has no operations (no OpenAPI document with 'paths')")
        }
        var answerTypes: [String: TypeReference] = [:]
        operations = model.operations.map { operation in
            var type: TypeReference?
            var stream = false
            switch operation.result {
            case .single(.json(let json)): type = json
            case .eventStream(let json):
                type = json
                stream = true
            default: break
            }
            if let type { answerTypes[operation.operationId] = type }
            var examples: [String: String] = [:]
            for parameter in operation.parameters {
                if let example = parameter.example, let text = Self.text(of: example) {
                    examples[parameter.name] = text
                }
            }
            var info = RonOperationInfo(
                operationId: operation.operationId, method: operation.method, path: operation.path,
                responseType: type.map(Self.spelling), eventStream: stream, origin: operation.origin.description,
                parameters: Dictionary(
                    operation.parameters.map { ($0.name, $0.location.rawValue) },
                    uniquingKeysWith: { first, _ in first }),
                requiredParameters: operation.parameters.filter(\.required).map(\.name), examples: examples,
                serverPath: operation.serverPath)
            info.security = operation.clientSecurity(model.securitySchemes)
            return info
        }
        securitySchemes = model.securitySchemes.map(\.clientScheme)
        self.answerTypes = answerTypes
        validator = FixtureValidator(model: model, strict: strict)
    }

    /// Checks `body` against the answer type of the operation `operationId`: every value the
    /// generated decoder would refuse, and every member a round trip through the generated type
    /// would lose.
    func check(_ body: Data, of operationId: String, element: Bool = false) -> DriftVerdict {
        guard var type = answerTypes[operationId] else { return .unknownType }
        if element {
            guard case .array(let item) = type else { return .unknownType }
            type = item
        }
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

    /// A parameter example as the text sent on the wire.
    private static func text(of value: DocumentValue) -> String? {
        switch value {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    /// A short name of a type for the report (`Gadget`, `Page<Gadget>`, `[Gadget]`).
    static func spelling(_ type: TypeReference) -> String {
        switch type {
        case .named(let name, let arguments):
            arguments.isEmpty ? name : "\(name)<\(arguments.map(spelling).joined(separator: ", "))>"
        case .array(let element): "[\(spelling(element))]"
        case .map(let element): "[String: \(spelling(element))]"
        case .typeParameter(let name): name
        default: "\(type)"
        }
    }
}
