import Foundation
import RonCodegenCore
import RonCommandLine

/// `ron-codegen calls [--schema <dir>]`: every call the generator makes of the schema's operations
/// (its Swift signature, HTTP route and document) and every type with its members, one per line,
/// from the same model the generator renders.
struct CallsCommand {
    var schema = "Schema"
    var references: String?
    var warnings = false

    static let usage = """
        usage: ron-codegen calls [--schema <dir>] [--references <dir>] [--warnings]

        Lists what the generator makes of the schema folder, one line each, so that grep finds a
        call by its name, path or type:
          call  RonClient.getItem(itemId: String, headers: [String: String] = [:]) async -> sending
                AppResponse<Item>  GET /v1/items/{item_id}  shop.openapi.json#/paths/~1items~1{item_id}/get
          type  Item  struct  shop.schema.json#/$defs/Item
          member  Item.price: Double?  "price"
        (each on one line): the receiver and Swift signature of every generated method (with the
        Pages and Stream forms of lists and binary answers), the HTTP method and the path it
        reaches, where the operation is defined; then each generated type, its kind and where it is
        defined, and its members with their wire names.

          --schema <dir>      the schema folder (default: Schema)
          --references <dir>  reference documents, as for generation
          --warnings          print every warning on standard error, as generation does

        Standard error ends with the summary generation prints: the operations declared and
        generated, the types, the places kept as any JSON and those skipped, with their first
        reasons.

        Exit status: 0, 1 a schema the generator refuses, or one that generation would fail (no
        operation of a document that declares some, or more left out than ron-codegen.json's
        maxLeftOut allows; the listing is printed all the same), 2 bad input.
        """

    init(_ arguments: ArraySlice<String>) throws {
        var reader = OptionReader(arguments, usage: Self.usage)
        while let flag = reader.nextFlag() {
            switch flag {
            case "--schema": schema = try reader.value(for: flag)
            case "--references": references = try reader.value(for: flag)
            case "--warnings": warnings = true
            default: throw UsageError("unknown option '\(flag)'")
            }
        }
    }

    /// Prints the listing; returns the exit status.
    func run() throws -> Int32 {
        let folder = URL(fileURLWithPath: schema)
        var generator = CodeGenerator()
        generator.referenceDirectory = references.map(URL.init(fileURLWithPath:))
        let model: SchemaModel
        let summary: GenerationSummary
        do {
            (model, summary) = try generator.modelAndSummary(schemaDirectory: folder)
        } catch let error as CodegenError {
            let at = error.pointer.isEmpty ? "" : "at \(error.pointer): "
            FileHandle.standardError.write(
                Data("error: \(folder.appending(path: error.file).path): \(at)\(error.message)\n".utf8))
            return 1
        }
        let lines = SwiftRenderer.callListing(model)
        FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        if warnings {
            for note in model.notes {
                let at = note.pointer.isEmpty ? "" : "at \(note.pointer): "
                FileHandle.standardError.write(
                    Data("warning: \(folder.appending(path: note.file).path): \(at)\(note.message)\n".utf8))
            }
        }
        let rest =
            warnings
            ? "every one is a warning above" : "every one: `ron-codegen calls --schema \(folder.path) --warnings`"
        for line in SummaryReport.lines(summary, schema: folder, rest: rest) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        return summary.failure == nil ? 0 : 1
    }
}
