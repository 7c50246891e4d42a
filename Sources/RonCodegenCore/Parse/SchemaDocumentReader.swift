import Foundation
import RonTOML

/// Finds and parses the schema documents below a directory.
///
/// Every `*.json`, `*.toml`, `*.yaml` and `*.yml` file is a document, read in path order so the
/// output does not depend on the file system's listing order. All syntaxes become one
/// ``DocumentValue`` tree. A UTF-8 byte order mark at the start of a document is skipped.
public enum SchemaDocumentReader {
    /// The documents below `directory`, as paths relative to it with their parsed trees.
    public static func read(directory: URL) throws -> [(path: String, root: DocumentValue)] {
        let paths = try documentPaths(in: directory)
        guard !paths.isEmpty else {
            throw CodegenError(
                file: directory.path, pointer: "", message: "no *.json, *.toml or *.yaml schema documents found")
        }
        // Each file on its own, on every core (``ConcurrentWork``): a description in thousands of
        // files is read on each edit. The first error in path order is the one thrown, as reading
        // the files one after the other would find it.
        let parsed = ConcurrentWork.map(paths.count) { index -> Result<DocumentValue, CodegenError> in
            let path = paths[index]
            guard let data = FileManager.default.contents(atPath: directory.appending(path: path).path) else {
                return .failure(CodegenError(file: path, pointer: "", message: "cannot read the file"))
            }
            do throws(CodegenError) {
                return .success(try parse(data, path: path))
            } catch {
                return .failure(error)
            }
        }
        var documents: [(path: String, root: DocumentValue)] = []
        documents.reserveCapacity(paths.count)
        for (path, result) in zip(paths, parsed) {
            documents.append((path, try result.get()))
        }
        return documents
    }

    /// The relative paths of the documents below `directory`, sorted.
    public static func documentPaths(in directory: URL) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw CodegenError(file: directory.path, pointer: "", message: "the schema directory does not exist")
        }
        let base = directory.standardizedFileURL.resolvingSymlinksInPath().path
        // Files and links to files, in folders hidden or not; a link that leads nowhere is listed,
        // so reading it says so.
        var files: [String] = []
        guard FileWalk.files(below: base, brokenLinks: true, into: &files) else {
            throw CodegenError(file: directory.path, pointer: "", message: "the schema directory cannot be read")
        }
        var result: [String] = []
        for relative in files {
            let name = ByteSearch.parts(of: relative, separatedBy: 0x2F).last ?? relative
            guard !name.hasPrefix("."), documentExtensions.contains(where: { name.hasSuffix($0) }) else { continue }
            result.append(relative)
        }
        return result.sorted()
    }

    /// The file name endings of schema documents.
    static let documentExtensions = [".json", ".toml", ".yaml", ".yml"]

    /// Parses one document; the syntax follows the file's extension (`.toml`, `.yaml` or `.yml`,
    /// else JSON).
    public static func parse(_ data: Data, path: String) throws(CodegenError) -> DocumentValue {
        let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        guard let text = String(data: data, encoding: .utf8) else {
            throw CodegenError(file: path, pointer: "", message: "the file is not UTF-8 text")
        }
        if path.hasSuffix(".toml") {
            do {
                return TOMLBridge.documentValue(of: try TOMLParser.parse(text))
            } catch {
                throw CodegenError(file: path, pointer: "\(error.line):\(error.column)", message: error.message)
            }
        }
        if path.hasSuffix(".yaml") || path.hasSuffix(".yml") {
            do {
                return try YAMLDocumentParser.parse(text)
            } catch {
                throw CodegenError(file: path, pointer: "\(error.line):\(error.column)", message: error.message)
            }
        }
        do {
            return try JSONDocumentParser.parse(text)
        } catch {
            throw CodegenError(file: path, pointer: "\(error.line):\(error.column)", message: error.message)
        }
    }
}

/// TOML values as the JSON model the translator reads.
enum TOMLBridge {
    static func documentValue(of table: TOMLTable) -> DocumentValue {
        .object(table.pairs.map { ($0.key, documentValue(of: $0.value)) })
    }

    static func documentValue(of value: TOMLValue) -> DocumentValue {
        switch value {
        case .string(let text): return .string(text)
        case .integer(let number): return .number(String(number))
        case .float(let number): return .number(String(number))
        case .boolean(let flag): return .bool(flag)
        case .dateTime(let moment): return .string(moment.description)
        case .array(let items): return .array(items.map(documentValue(of:)))
        case .table(let table): return documentValue(of: table)
        }
    }
}
