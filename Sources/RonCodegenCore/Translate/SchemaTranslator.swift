import Foundation

/// Turns parsed schema documents into a ``SchemaModel``.
///
/// The translator knows the supported subset of JSON Schema 2020-12 (docs/SchemaFormat.md) and
/// refuses everything else with a ``CodegenError`` that names the file, the JSON pointer and the
/// keyword: nothing in a schema is dropped silently.
struct SchemaTranslator {
    /// A document as read: its path relative to the schema directory and its tree.
    typealias Document = (path: String, root: DocumentValue)

    /// A named type found in pass 1.
    struct Definition {
        /// Its name in the document (the `$defs` key, the `title`, the file name).
        var key: String
        /// Where it is defined.
        var origin: Origin
        /// Its schema.
        var node: DocumentValue
    }

    /// Every named type by Swift name.
    var definitions: [String: Definition] = [:]
    /// Swift names in document order.
    var order: [String] = []
    /// Swift names by `file#pointer`, for `$ref`.
    var namesByLocation: [String: String] = [:]
    /// The documents' paths.
    var knownFiles: Set<String> = []
    /// What was sent in a nearest form or left out (a path parameter no list names, an operation
    /// that cannot be called), with its place: the tools print them as warnings.
    private(set) var warnings = TranslationWarnings()

    /// A copy of this translator that notes its warnings apart, for a piece of work done beside
    /// others (``ConcurrentWork``); its notes are added to these in order after.
    func withOwnWarnings() -> SchemaTranslator {
        var copy = self
        copy.warnings = TranslationWarnings()
        return copy
    }

    /// The warnings of one translation, shared by the copies of its translator.
    final class TranslationWarnings {
        private(set) var notes: [CodegenError] = []

        /// Adds `more`, noted apart (``SchemaTranslator/withOwnWarnings()``), after these.
        func append(_ more: [CodegenError]) {
            notes += more
        }

        /// Notes `message` at `at`.
        func note(_ at: Location, _ message: String) {
            notes.append(at.error(message))
        }

        /// Notes `error` (where it happened) with what was done instead.
        func note(_ error: CodegenError, done: String) {
            notes.append(CodegenError(file: error.file, pointer: error.pointer, message: "\(error.message); \(done)"))
        }
    }

    /// Translates the schema folder's `documents`, with the `parts` of its descriptions and the
    /// `references` documents, of which only what a `$ref` names is generated.
    static func translate(
        _ documents: [Document], references: [Document] = [], parts: [Document] = [], readsOperations: Bool = true
    ) throws(CodegenError) -> SchemaModel {
        let inputs =
            documents.map { SchemaNormalizer.Input(path: $0.path, root: $0.root, isReference: false) }
            + parts.map { SchemaNormalizer.Input(path: $0.path, root: $0.root, isReference: true, isPart: true) }
            + references.map { SchemaNormalizer.Input(path: $0.path, root: $0.root, isReference: true) }
        let (normalized, notes) = try SchemaNormalizer.normalize(inputs)
        var model = try translateNormalized(normalized, readsOperations: readsOperations)
        model.notes = notes + model.notes
        model.documents =
            documents.map(\.path)
            + normalized.map(\.path).filter { path in
                !documents.contains(where: { $0.path == path })
            }
        return model
    }

    /// Translates documents in the normalized forms (``SchemaNormalizer``).
    static func translateNormalized(
        _ documents: [Document], readsOperations: Bool = true
    ) throws(CodegenError) -> SchemaModel {
        var translator = SchemaTranslator()
        translator.knownFiles = Set(documents.map(\.path))
        try translator.collect(documents)
        // Each named type on its own, on every core (``ConcurrentWork``); warnings and the first
        // error in document order, as one after the other would have them.
        let order = translator.order
        let definitions = translator.definitions
        let shared = ReadOnlyShare(value: translator)
        let translated = ConcurrentWork.map(order.count) {
            index -> (Result<NamedType, CodegenError>?, [CodegenError]) in
            guard let definition = definitions[order[index]] else { return (nil, []) }
            let piece = shared.value.withOwnWarnings()
            do throws(CodegenError) {
                let type = try piece.namedType(order[index], definition)
                return (.success(type), piece.warnings.notes)
            } catch {
                return (.failure(error), piece.warnings.notes)
            }
        }
        var types: [NamedType] = []
        for (result, notes) in translated {
            translator.warnings.append(notes)
            guard let result else { continue }
            types.append(try result.get())
        }
        try translator.checkUnions(types)
        types = try translator.resolveRecursion(types)
        types = Self.boundInlineNesting(types)
        types = Self.boundInlineSize(types)
        var model = SchemaModel(documents: documents.map(\.path), types: types)
        if readsOperations {
            model.securitySchemes = translator.securitySchemes(documents)
            model.operations = try translator.operations(documents, types: types, schemes: model.securitySchemes)
        }
        model.notes = translator.warnings.notes
        return model
    }
}
