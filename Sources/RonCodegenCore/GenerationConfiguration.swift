import Foundation

/// `ron-codegen.json` at the top of a schema folder: which part of a large description to generate,
/// and how strictly. Every tool that reads the folder (the build plugin, `ron-codegen`, `verify`,
/// `mock`, `diff`, `drift`) reads it through ``CodeGenerator``, so all of them see the same subset.
///
/// ```json
/// {
///   "operations": ["listPets", "getPet"],
///   "tags": ["store"],
///   "paths": ["/pets", "/pets/{petId}", "/store/*"],
///   "schemas": ["Error"],
///   "strict": false,
///   "mergeIdenticalTypes": true,
///   "maxLeftOut": 0.05
/// }
/// ```
///
/// With `operations`, `tags` or `paths`, an operation is generated when its `operationId`, one of its
/// tags, or its path template (a trailing `*` matches any rest) is listed; the types generated are
/// those the kept operations reach, with the named `schemas` and what they reach. With `schemas`
/// alone, every operation is kept and the types are those they and the named schemas reach. A name
/// that matches nothing is a warning. `strict: true` makes every warning an error, as
/// `ron-codegen --strict` does. `mergeIdenticalTypes: false` keeps every inline schema a type of its
/// own, where by default identical ones are one type and the others its `typealias`es
/// (``SchemaModel/mergingIdenticalInlineTypes()``). `maxLeftOut`, a number from 0 to 1, is the share
/// of the operations the documents declare that a run may leave out (``GenerationSummary``): 0.05
/// fails a run that leaves out more than 5 %; 1 accepts any run, even one that generates no
/// operation of a document that declares some.
public struct GenerationConfiguration: Sendable, Equatable {
    /// The file's name, at the top of the schema folder; it is not a schema document.
    public static let fileName = "ron-codegen.json"

    /// `operationId`s to keep.
    public var operations: [String] = []
    /// Tags whose operations to keep.
    public var tags: [String] = []
    /// Path templates to keep (`/pets/{petId}`), or prefixes ending in `*`.
    public var paths: [String] = []
    /// Named types to keep, with what they reach.
    public var schemas: [String] = []
    /// Whether a warning is an error.
    public var strict = false
    /// Whether identical inline schemas become one Swift type (the default); `false` keeps each a
    /// type of its own, for code that extends two of them with the same member.
    public var mergeIdenticalTypes = true
    /// The share of the declared operations (0 to 1) a run may leave out before it fails; `nil`
    /// (the default) fails only a run that generates no operation of a document that declares some.
    public var maxLeftOut: Double?

    /// No filter, not strict.
    public init() {}

    /// Whether the configuration keeps less than everything.
    public var filters: Bool { !(operations.isEmpty && tags.isEmpty && paths.isEmpty && schemas.isEmpty) }

    /// Reads the file's tree; an unknown member or a wrong type is a located error.
    static func read(_ root: DocumentValue) throws(CodegenError) -> GenerationConfiguration {
        var configuration = GenerationConfiguration()
        guard let members = root.members else {
            throw CodegenError(file: fileName, pointer: "", message: "the configuration must be an object")
        }
        for (key, value) in members {
            func names() throws(CodegenError) -> [String] {
                guard let items = value.arrayValue, items.allSatisfy({ $0.string != nil }) else {
                    throw CodegenError(
                        file: fileName, pointer: "/\(key)", message: "'\(key)' must be a list of strings")
                }
                return items.compactMap(\.string)
            }
            func flag() throws(CodegenError) -> Bool {
                guard case .bool(let flag) = value else {
                    throw CodegenError(file: fileName, pointer: "/\(key)", message: "'\(key)' must be true or false")
                }
                return flag
            }
            switch key {
            case "operations": configuration.operations = try names()
            case "tags": configuration.tags = try names()
            case "paths": configuration.paths = try names()
            case "schemas": configuration.schemas = try names()
            case "strict": configuration.strict = try flag()
            case "mergeIdenticalTypes": configuration.mergeIdenticalTypes = try flag()
            case "maxLeftOut":
                guard case .number(let text) = value, let share = Double(text), share.isFinite, (0...1).contains(share)
                else {
                    throw CodegenError(
                        file: fileName, pointer: "/\(key)",
                        message:
                            "'maxLeftOut' must be a number from 0 to 1, the share of the declared operations a run may leave out (0.05 is 5 %)"
                    )
                }
                configuration.maxLeftOut = share
            case "$schema", "description", "$comment": continue
            default:
                throw CodegenError(
                    file: fileName, pointer: "/" + Pointer.escape(key),
                    message:
                        "unknown member '\(key)' (operations, tags, paths, schemas, strict, mergeIdenticalTypes, maxLeftOut)"
                )
            }
        }
        return configuration
    }

    /// `model` with only what this configuration keeps; a name that matches nothing is noted, and
    /// with ``strict`` every note is thrown as an error.
    func apply(to model: SchemaModel) throws(CodegenError) -> SchemaModel {
        var model = model
        if filters {
            model = subset(of: model)
        }
        model.mergesIdenticalInlineTypes = mergeIdenticalTypes
        if strict, let first = model.notes.first {
            throw CodegenError(
                file: first.file, pointer: first.pointer,
                message: "\(first.message) (\(GenerationConfiguration.fileName) says strict: every warning is an error"
                    + (model.notes.count > 1 ? "; \(model.notes.count - 1) more" : "") + ")")
        }
        return model
    }

    private func subset(of model: SchemaModel) -> SchemaModel {
        var model = model
        let filtersOperations = !(operations.isEmpty && tags.isEmpty && paths.isEmpty)
        if filtersOperations {
            model.operations = model.operations.filter { operation in
                operations.contains(operation.operationId) || operation.tags.contains(where: tags.contains)
                    || paths.contains { Self.path($0, matches: operation.path) }
            }
        }
        for name in operations where !model.operations.contains(where: { $0.operationId == name }) {
            model.notes.append(note("/operations", "no operation has the operationId '\(name)'"))
        }
        for tag in tags where !model.operations.contains(where: { $0.tags.contains(tag) }) {
            model.notes.append(note("/tags", "no operation has the tag '\(tag)'"))
        }
        for path in paths where !model.operations.contains(where: { Self.path(path, matches: $0.path) }) {
            model.notes.append(note("/paths", "no operation's path is '\(path)'"))
        }
        let byName = Dictionary(model.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var pending: [String] = []
        for name in schemas {
            // The Swift name (`ErrorModel`) or the schema's own (`Error`, the last token of its place).
            let matches = model.types.filter { type in
                type.name == name
                    || type.origin.pointer.split(separator: "/").last.map({ Pointer.unescape(String($0)) }) == name
            }
            if matches.isEmpty {
                model.notes.append(note("/schemas", "no generated type is named '\(name)'"))
            }
            pending += matches.map(\.name)
        }
        for operation in model.operations { pending += ModelReferences.names(in: operation) }
        var kept: Set<String> = []
        while let name = pending.popLast() {
            guard kept.insert(name).inserted, let type = byName[name] else { continue }
            pending += ModelReferences.names(in: type)
        }
        model.types = model.types.filter { kept.contains($0.name) }
        return model
    }

    private func note(_ pointer: String, _ message: String) -> CodegenError {
        CodegenError(file: GenerationConfiguration.fileName, pointer: pointer, message: message)
    }

    /// Whether `pattern` (a template, or a prefix ending in `*`) matches the path template `path`.
    static func path(_ pattern: String, matches path: String) -> Bool {
        pattern.hasSuffix("*") ? path.hasPrefix(String(pattern.dropLast())) : pattern == path
    }
}

/// The named types a part of the model refers to.
enum ModelReferences {
    static func names(in type: TypeReference) -> [String] {
        switch type {
        case .array(let element), .map(let element): return names(in: element)
        case .named(let name, let arguments): return [name] + arguments.flatMap(names(in:))
        default: return []
        }
    }

    static func names(in type: NamedType) -> [String] {
        switch type.shape {
        case .structure(_, let fields): return fields.flatMap { names(in: $0.type) }
        case .taggedUnion(_, let variants): return variants.map(\.payload)
        case .externallyTagged(let variants), .adjacentlyTagged(_, _, let variants):
            return variants.flatMap { $0.payload.map(names(in:)) ?? [] }
        case .untagged(let variants): return variants.flatMap { $0.payload.map(names(in:)) ?? [] }
        case .tuple(let elements): return elements.flatMap { names(in: $0.type) }
        case .alias(let target), .newtype(let target): return names(in: target)
        case .stringEnum, .patternString, .unit: return []
        }
    }

    static func names(in operation: Operation) -> [String] {
        var found = operation.parameters.flatMap { names(in: $0.type) }
        if let body = operation.requestBody {
            found += names(in: body.type)
            for part in body.multipart?.parts ?? [] {
                found += names(in: part.type) + part.headers.flatMap { names(in: $0.type) }
            }
        }
        found += operation.pageItem.map(names(in:)) ?? []
        func payload(_ payload: OperationPayload) -> [String] {
            if case .json(let type) = payload { return names(in: type) }
            return []
        }
        switch operation.result {
        case .none: break
        case .single(let single): found += payload(single)
        case .several(let alternatives): found += alternatives.flatMap { payload($0.payload) }
        case .eventStream(let type): found += names(in: type)
        }
        return found
    }
}
