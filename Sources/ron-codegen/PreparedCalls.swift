import Foundation
import RonCodegenCore

/// The calls a run of types writes for the run of calls that comes after it
/// (`--prepare-calls DIR`, then `--operations --prepared DIR`).
///
/// The two targets of a split package (`ron new`) each run the generator over the same
/// documents: the types' run and the calls' run. Reading, normalizing and translating the documents
/// is most of either run (four fifths of the calls' run on a 210-operation description), and
/// SwiftPM runs the two one after the other, so an edit paid for that work twice. The types' run
/// now reads the operations too, writes the calls into a folder of its own with the key of the run
/// of calls they stand for (`.ron-codegen-prepared`), and the calls' run copies them when its own
/// key is the same: the same generator, options and schema files.
enum PreparedCalls {
    /// The name of the key file in the folder of prepared calls.
    static let fileName = ".ron-codegen-prepared"

    /// `model` as a run of types only reads it: without operations or security schemes (which only
    /// a run of types that prepares calls reads), so the types render alike.
    static func typesOnly(_ model: SchemaModel) -> SchemaModel {
        var model = model
        model.operations = []
        model.securitySchemes = []
        return model
    }

    /// The key of the calls for `callsKey` (the arguments of the run of calls): the generator, those
    /// arguments, the schema folder's path and `inputs`, the hash of every file below it and below the
    /// references. The generator's hash is kept in `keptIn` (``GenerationStamp/toolDigest(of:keptIn:)``).
    static func key(_ callsKey: [String], schema: URL, inputs: String?, keptIn: URL) -> String? {
        GenerationStamp.digest(
            executable: Bundle.main.executableURL,
            arguments: callsKey + ["--schema", schema.standardizedFileURL.path], inputs: inputs, output: keptIn)
    }

    /// Writes `files` into `folder`, then the key naming them (`inputs`: the schema files' hash,
    /// ``GenerationStamp/inputsDigest(of:)``).
    static func write(
        _ files: [(name: String, contents: String)], in folder: URL, key callsKey: [String], schema: URL,
        inputs: String?
    ) throws {
        guard let key = key(callsKey, schema: schema, inputs: inputs, keptIn: folder) else { return }
        try CodeGenerator.write(files, to: folder, output: .operations)
        let text = ([key] + files.map(\.name)).joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: folder.appending(path: fileName), options: .atomic)
    }

    /// The files prepared in `folder` for a run whose key is that of `callsKey`, or `nil` when there
    /// are none, or they were made from another generator, other options or other schema files.
    static func take(from folder: URL, key callsKey: [String], schema: URL, inputs: String?, arguments: Arguments)
        -> [(name: String, contents: String)]?
    {
        guard let text = try? String(contentsOf: folder.appending(path: fileName), encoding: .utf8),
            let output = arguments.output
        else { return nil }
        var lines = text.split(separator: "\n").map(String.init)
        guard lines.count > 1,
            lines.removeFirst() == key(callsKey, schema: schema, inputs: inputs, keptIn: output)
        else { return nil }
        var files: [(name: String, contents: String)] = []
        for name in lines {
            guard let contents = try? String(contentsOf: folder.appending(path: name), encoding: .utf8) else {
                return nil
            }
            files.append((name, contents))
        }
        return files
    }

    /// Removes the key: the folder's calls are no longer taken.
    static func remove(in folder: URL) {
        try? FileManager.default.removeItem(at: folder.appending(path: fileName))
    }
}
