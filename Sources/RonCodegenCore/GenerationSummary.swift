import Foundation

/// How much of what the documents declare a run generated, and what it left out: the operations the
/// OpenAPI documents declare and those generated, the types generated, and the model's notes
/// sorted by what they did (an operation left out, a place kept as any JSON, a place left out, a
/// place read in its nearest form). `ron-codegen`, the build plugin and the command plugin's
/// `preview` print it after every run, so a description read so leniently that little of it
/// generated does not pass unnoticed.
///
/// A run that reads operations fails (``failure``) when a document declares operations and none of
/// them generates, or when it leaves out a larger share of the declared operations than
/// `ron-codegen.json`'s `maxLeftOut` allows (``GenerationConfiguration/maxLeftOut``; `1` allows
/// anything, that first rule included).
public struct GenerationSummary: Sendable, Equatable {
    /// One OpenAPI document's operations.
    public struct DocumentOperations: Sendable, Equatable {
        /// The document's path in the schema folder.
        public var path: String
        /// The operations its `paths` declare as written: every HTTP method of every path item,
        /// those whose `$ref` cannot be read included (a path item that cannot be read at all
        /// counts as one).
        public var declared: Int
        /// The operations generated of it (before `ron-codegen.json` keeps some of them).
        public var generated: Int

        /// The counts of the document at `path`.
        public init(path: String, declared: Int, generated: Int) {
            self.path = path
            self.declared = declared
            self.generated = generated
        }
    }

    /// What a note of the model says was done.
    public enum NoteKind: Sendable, Equatable {
        /// An operation, or every operation of a path, is not generated.
        case operationLeftOut
        /// A place's value is kept as any JSON (`JSONValue`): its type was not at hand.
        case keptAsAnyJSON
        /// A place is left out: a parameter, a security scheme or requirement, an unknown keyword,
        /// a file nothing reaches.
        case leftOut
        /// A place is generated in the nearest form that works (read as required, sent as text, …),
        /// or the note says something else (a name in `ron-codegen.json` that matches nothing).
        case nearestForm
    }

    /// Whether the run read the documents' operations (a types-only run does not).
    public var readsOperations: Bool
    /// The OpenAPI documents, in document order, with their operations.
    public var documents: [DocumentOperations]
    /// How many of the generated operations `ron-codegen.json` keeps, when it names operations,
    /// tags or paths; `nil` when it keeps them all.
    public var keptOperations: Int?
    /// The named types generated.
    public var types: Int
    /// The notes that left out an operation or a path's operations, in the model's order.
    public var operationNotes: [CodegenError]
    /// The notes of places kept as any JSON.
    public var anyJSON: [CodegenError]
    /// The notes of places left out.
    public var leftOut: [CodegenError]
    /// The other notes: places generated in their nearest form.
    public var nearestForm: [CodegenError]
    /// `ron-codegen.json`'s `maxLeftOut`, when it sets one.
    public var maxLeftOut: Double?

    /// The summary of `model` (as translated, before `ron-codegen.json` keeps part of it) and
    /// `kept` (what the run generates), `declared` naming the operations each OpenAPI document
    /// declares.
    public init(
        model: SchemaModel, kept: SchemaModel, declared: [DocumentOperations], readsOperations: Bool,
        keptOperations: Int? = nil, maxLeftOut: Double? = nil
    ) {
        self.readsOperations = readsOperations
        var generated: [String: Int] = [:]
        for operation in model.operations { generated[operation.origin.file, default: 0] += 1 }
        documents = declared.map { document in
            DocumentOperations(
                path: document.path, declared: document.declared, generated: generated[document.path] ?? 0)
        }
        self.keptOperations = keptOperations
        types = kept.types.count
        self.maxLeftOut = maxLeftOut
        operationNotes = []
        anyJSON = []
        leftOut = []
        nearestForm = []
        for note in kept.notes {
            switch Self.kind(of: note) {
            case .operationLeftOut: operationNotes.append(note)
            case .keptAsAnyJSON: anyJSON.append(note)
            case .leftOut: leftOut.append(note)
            case .nearestForm: nearestForm.append(note)
            }
        }
    }

    /// The operations the OpenAPI documents declare.
    public var declaredOperations: Int { documents.reduce(0) { $0 + $1.declared } }

    /// The operations generated (before `ron-codegen.json` keeps some of them).
    public var generatedOperations: Int { documents.reduce(0) { $0 + $1.generated } }

    /// The declared operations that are not generated; 0 for a run that does not read operations.
    public var leftOutOperations: Int {
        guard readsOperations else { return 0 }
        return documents.reduce(0) { $0 + max(0, $1.declared - $1.generated) }
    }

    /// Whether the run left anything out: an operation, a place, or a type (kept as any JSON).
    public var leavesOut: Bool { leftOutOperations > 0 || !anyJSON.isEmpty || !leftOut.isEmpty }

    /// The documents that declare operations of which none generates (in a run that reads them).
    public var documentsWithoutOperations: [DocumentOperations] {
        guard readsOperations else { return [] }
        return documents.filter { $0.declared > 0 && $0.generated == 0 }
    }

    /// Why the run fails, or `nil`: a document declares operations and none generates (unless
    /// `maxLeftOut` is 1), or more of the declared operations are left out than `maxLeftOut` allows.
    public var failure: String? {
        guard readsOperations else { return nil }
        var reasons: [String] = []
        if (maxLeftOut ?? 0) < 1 {
            for document in documentsWithoutOperations {
                reasons.append(
                    "no operation of \(document.path) is generated (it declares \(document.declared))")
            }
        }
        if let maxLeftOut, declaredOperations > 0 {
            let share = Double(leftOutOperations) / Double(declaredOperations)
            if share > maxLeftOut {
                reasons.append(
                    "\(leftOutOperations) of \(declaredOperations) operations left out (\(Self.percent(share))), more than maxLeftOut in \(GenerationConfiguration.fileName) allows (\(Self.percent(maxLeftOut)))"
                )
            }
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// `share` (0 to 1) as a percentage with at most one decimal (`5 %`, `12.5 %`).
    static func percent(_ share: Double) -> String {
        let tenths = (share * 1000).rounded()
        let whole = Int(tenths) / 10
        let decimal = Int(tenths) % 10
        return decimal == 0 ? "\(whole) %" : "\(whole).\(decimal) %"
    }

    /// What `note` says was done, read from the words the generator ends its notes with ("the
    /// operation GET /a is not generated", "kept as any JSON", "left out", "ignored").
    public static func kind(of note: CodegenError) -> NoteKind {
        let message = note.message
        if (message.contains("the operation ") && message.hasSuffix(" is not generated"))
            || (message.contains("the operations of '") && message.hasSuffix("' are not generated"))
            || message.hasSuffix("its operations are not generated")
        {
            return .operationLeftOut
        }
        if message.contains("kept as any JSON") { return .keptAsAnyJSON }
        let leftOutWords = ["left out", "is not generated", "are not generated", "nothing is generated", "ignored"]
        if leftOutWords.contains(where: message.contains) || message.hasSuffix("no scheme is read") {
            return .leftOut
        }
        return .nearestForm
    }
}
