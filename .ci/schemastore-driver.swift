// The round-trip driver of .ci/check-schemastore.sh (not a package target: the script compiles it
// with swiftc, together with the Catalogs.swift it writes, which imports every compiled sample
// module and lists its catalog in `schemaStoreCatalogs()`).
//
// usage: driver <schema-name> <output-dir> <instance-file>...
// For the named schema it takes the root type of the module's catalog (the type whose origin ends
// in `#`, else the first type), decodes and encodes each instance document as that type, and
// writes the result to <output-dir>/<file name>, or the error to <output-dir>/<file name>.error.
// It prints `root<TAB><type name><TAB><origin>` first.
import Foundation
import RonGenerated

/// A JSON pointer of a decoding error's coding path.
func pointer(_ path: [any CodingKey]) -> String {
    path.map { key in
        let token = key.intValue.map(String.init) ?? key.stringValue
        return "/" + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }.joined()
}

/// One line: the kind of error, where in the document, and what.
func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "error: \(error)" }
    func line(_ kind: String, _ context: DecodingError.Context) -> String {
        let at = pointer(context.codingPath)
        var text = "\(kind) at \(at.isEmpty ? "(root)" : at): \(context.debugDescription)"
        if let underlying = context.underlyingError { text += " (\(underlying))" }
        return text
    }
    switch error {
    case .typeMismatch(let type, let context): return line("typeMismatch(\(type))", context)
    case .valueNotFound(let type, let context): return line("valueNotFound(\(type))", context)
    case .keyNotFound(let key, let context):
        return line("keyNotFound(\(key.stringValue))", context)
    case .dataCorrupted(let context): return line("dataCorrupted", context)
    @unknown default: return "error: \(error)"
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: driver <schema-name> <output-dir> <instance-file>...\n".utf8))
    exit(2)
}
let schemaName = arguments[1]
let output = URL(fileURLWithPath: arguments[2], isDirectory: true)
guard let catalog = schemaStoreCatalogs().first(where: { $0.name == schemaName })?.catalog else {
    FileHandle.standardError.write(Data("unknown schema '\(schemaName)'\n".utf8))
    exit(2)
}
let typeNames = catalog.typeNames
guard let root = typeNames.first(where: { (catalog.origin(of: $0) ?? "").hasSuffix("#") }) ?? typeNames.first
else {
    for file in arguments.dropFirst(3) {
        let name = URL(fileURLWithPath: file).lastPathComponent
        try Data("error: the catalog has no type\n".utf8).write(to: output.appending(path: name + ".error"))
    }
    print("root\t-\t-")
    exit(0)
}
print("root\t\(root)\t\(catalog.origin(of: root) ?? "")")
for file in arguments.dropFirst(3) {
    let name = URL(fileURLWithPath: file).lastPathComponent
    do {
        let original = try Data(contentsOf: URL(fileURLWithPath: file))
        guard let encoded = try catalog.reencode(original, as: root) else {
            throw CocoaError(.coderValueNotFound, userInfo: [NSDebugDescriptionErrorKey: "unknown type \(root)"])
        }
        try encoded.write(to: output.appending(path: name))
    } catch {
        try Data((describe(error) + "\n").utf8).write(to: output.appending(path: name + ".error"))
    }
}
