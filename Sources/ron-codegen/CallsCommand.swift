import Foundation
import RonCodegenCore
import RonCommandLine

/// `ron-codegen calls [--schema <dir>]`: every call the generator makes of the schema's operations
/// (its Swift signature, HTTP route and document) and every type with its members, one per line,
/// from the same model the generator renders.
struct CallsCommand {
    var schema = "Schema"
    var references: String?

    static let usage = """
        usage: ron-codegen calls [--schema <dir>] [--references <dir>]

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

        Exit status: 0, 1 a schema the generator refuses, 2 bad input.
        """

    init(_ arguments: ArraySlice<String>) throws {
        var reader = OptionReader(arguments, usage: Self.usage)
        while let flag = reader.nextFlag() {
            switch flag {
            case "--schema": schema = try reader.value(for: flag)
            case "--references": references = try reader.value(for: flag)
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
        do {
            model = try generator.model(schemaDirectory: folder)
        } catch let error as CodegenError {
            let at = error.pointer.isEmpty ? "" : "at \(error.pointer): "
            FileHandle.standardError.write(
                Data("error: \(folder.appending(path: error.file).path): \(at)\(error.message)\n".utf8))
            return 1
        }
        let lines = SwiftRenderer.callListing(model)
        FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        return 0
    }
}
